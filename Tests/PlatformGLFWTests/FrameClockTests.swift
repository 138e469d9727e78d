// FrameClockTests: real time becomes whole, clamped milliseconds. Pure.

import PlatformGLFW
import ShooterPlatform
import XCTest

final class FrameClockTests: XCTestCase {
    func testFirstReadingStartsTheClock() {
        var clock = FrameClock()
        XCTAssertEqual(clock.elapsed(at: 5_000_000_000), 0)
        XCTAssertEqual(clock.elapsed(at: 5_016_000_000), 16_000_000)
    }

    func testSubMillisecondsCarryOver() {
        var clock = FrameClock()
        _ = clock.elapsed(at: 0)
        XCTAssertEqual(clock.elapsed(at: 1_600_000), 1_000_000)
        XCTAssertEqual(clock.elapsed(at: 2_100_000), 1_000_000, "0.6 ms carried + 0.5 ms")
        XCTAssertEqual(clock.elapsed(at: 2_200_000), 0)
    }

    func testAStallIsClamped() {
        var clock = FrameClock(maximumStep: 100_000_000)
        _ = clock.elapsed(at: 0)
        XCTAssertEqual(clock.elapsed(at: 3_000_000_000), 100_000_000)
        XCTAssertEqual(clock.elapsed(at: 3_010_000_000), 10_000_000, "the excess is dropped, not owed")
    }

    func testTimeNeverGoesBackwards() {
        var clock = FrameClock()
        _ = clock.elapsed(at: 10_000_000)
        XCTAssertEqual(clock.elapsed(at: 5_000_000), 0)
        XCTAssertEqual(clock.elapsed(at: 12_000_000), 2_000_000)
    }
}
