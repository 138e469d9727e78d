// Placeholder; delete when adding real tests.
