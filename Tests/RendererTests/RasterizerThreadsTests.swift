// RasterizerThreadsTests: the offscreen host asks llvmpipe for no rasteriser threads unless the user set
// LP_NUM_THREADS, because issue 11's hang needs them (GLHost's RasterizerThreads).

import GLHost
import TestSupport
import XCTest

final class RasterizerThreadsTests: XCTestCase {
    func testTheOffscreenHostDrawsWithoutRasterizerThreads() throws {
        try XCTSkipIf(ThisProcess.startedWith(RasterizerThreads.variable), "LP_NUM_THREADS is the user's: kept")
        let display = try makeDisplay()
        display.present(hangarScene())
        XCTAssertEqual(RasterizerThreads.requested, "0")
        XCTAssertEqual(ThisProcess.llvmpipeThreads, [], "llvmpipe's rasteriser threads running in this process")
    }
}
