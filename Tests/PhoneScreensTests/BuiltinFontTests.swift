import PhoneScreens
import ShooterPlatform
import XCTest

/// The font compiled into PhoneScreens (for games without Interlude's Assets folder) is the asset file's, texel for
/// texel: a change to Assets/Fonts/interlude-8x8.font must be compiled in too.
final class BuiltinFontTests: XCTestCase {
    func testTheBuiltinFontIsTheAssetFile() throws {
        let fromFile = try PhoneFont.load(from: AssetDirectory.locate())
        let builtin = PhoneFont.builtin
        XCTAssertEqual(builtin.width, fromFile.width)
        XCTAssertEqual(builtin.height, fromFile.height)
        let differing = zip(builtin.rgba, fromFile.rgba).enumerated().filter { $0.element.0 != $0.element.1 }
        XCTAssertTrue(
            differing.isEmpty,
            "\(differing.count) bytes differ, the first at texel \((differing.first?.offset ?? 0) / 4): compile "
                + "Assets/Fonts/interlude-8x8.font into Sources/PhoneScreens/PhoneFont+Builtin.swift again")
        XCTAssertGreaterThan(builtin.rgba.enumerated().filter { $0.offset % 4 == 3 && $0.element == 255 }.count, 500)
    }
}
