// The servers' log handler writes a repeated line once a window, then once more with how many were left out: an
// attack of thousands of connections failing alike (each logs Hummingbird's "Error handling upgrade result") must
// not fill the log.

import XCTest

@testable import EmbeddedServer

final class LogThrottleTests: XCTestCase {
    func testARepeatedLineIsWrittenOnceAWindowWithTheCountLeftOut() {
        let throttle = Throttle()
        XCTAssertEqual(throttle.admit("upgrade failed", at: 100), 0, "the first is written")
        for second in 100..<110 { XCTAssertNil(throttle.admit("upgrade failed", at: UInt64(second)), "\(second)") }
        XCTAssertEqual(throttle.admit("another line", at: 105), 0, "another line has its own window")
        XCTAssertEqual(throttle.admit("upgrade failed", at: 110), 10, "after the window: written, with the 10 left out")
        XCTAssertNil(throttle.admit("upgrade failed", at: 111))
        XCTAssertEqual(throttle.admit("upgrade failed", at: 200), 1)
    }

    func testManyDistinctLinesDoNotGrowWithoutBound() {
        let throttle = Throttle()
        for index in 0..<5000 { XCTAssertEqual(throttle.admit("line \(index)", at: UInt64(index / 100 * 20)), 0) }
        XCTAssertLessThanOrEqual(throttle.count, 1024, "lines whose window is over are forgotten")
    }
}
