// RasterizerThreadsWindowTests: the window asks llvmpipe for no rasteriser threads unless the user set
// LP_NUM_THREADS, because issue 11's hang needs them (GLHost's RasterizerThreads). Needs DISPLAY. Run alone
// (`--filter RasterizerThreadsWindowTests`) it checks the window's own choice; in a whole run an offscreen test may
// have made the process's first context.

import GLHost
import TestSupport
import XCTest

final class RasterizerThreadsWindowTests: XCTestCase {
    func testTheWindowDrawsWithoutRasterizerThreads() throws {
        try WindowTestEnvironment.requireDisplay()
        try XCTSkipIf(ThisProcess.startedWith(RasterizerThreads.variable), "LP_NUM_THREADS is the user's: kept")
        let session = try WindowSession(width: 320, height: 180)
        session.platform.pump(for: 0.3)
        XCTAssertGreaterThan(session.display.presentedFrames, 0)
        XCTAssertEqual(RasterizerThreads.requested, "0")
        XCTAssertEqual(ThisProcess.llvmpipeThreads, [], "llvmpipe's rasteriser threads running in this process")
    }
}
