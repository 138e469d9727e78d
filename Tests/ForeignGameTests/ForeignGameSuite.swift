// ForeignGameSuite: every test that loads a game library, one at a time. Each launch of a library takes a block of the
// process's static TLS area, which glibc takes back only in the order the launches began (ForeignGame.Instance):
// tests that load libraries at once, in parallel, would leave holes and run the area out.

import Testing

@Suite(.serialized) enum ForeignGameSuite {}
