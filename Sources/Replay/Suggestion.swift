// Suggestion: "did you mean smsArrived?" for a misspelt name.

/// Finds the known name closest to a misspelt one: the one "did you mean" of every input Interlude reads (scripts,
/// `simulate --sometimes` files).
public enum Suggestion {
    /// The candidate nearest to `word` when it is within two edits (one for names of three letters or fewer), case
    /// ignored; the earliest candidate wins a tie. Swapping two neighbouring letters counts as one edit.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        var best: (name: String, distance: Int)?
        let folded = Array(word.lowercased().unicodeScalars)
        for candidate in candidates where candidate != word {
            let limit = candidate.count <= 3 ? 1 : 2
            let other = Array(candidate.lowercased().unicodeScalars)
            // The distance is at least the difference in length: a far longer word (a hostile megabyte of it)
            // is not compared at all, so the table below stays small.
            guard abs(folded.count - other.count) <= limit else { continue }
            let distance = editDistance(folded, other)
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and adjacent swaps.
    static func editDistance(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar]) -> Int {
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        let width = right.count + 1
        var table = [Int](repeating: 0, count: (left.count + 1) * width)
        for row in 0...left.count { table[row * width] = row }
        for column in 0...right.count { table[column] = column }
        for row in 1...left.count {
            for column in 1...right.count {
                let cost = left[row - 1] == right[column - 1] ? 0 : 1
                var value = min(
                    table[(row - 1) * width + column] + 1, table[row * width + column - 1] + 1,
                    table[(row - 1) * width + column - 1] + cost)
                if row > 1, column > 1, left[row - 1] == right[column - 2], left[row - 2] == right[column - 1] {
                    value = min(value, table[(row - 2) * width + column - 2] + 1)
                }
                table[row * width + column] = value
            }
        }
        return table[left.count * width + right.count]
    }

    /// `" (did you mean X?)"` when a candidate is close, else the empty string.
    public static func phrase(for word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { " (did you mean \($0)?)" } ?? ""
    }
}
