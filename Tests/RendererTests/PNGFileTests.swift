// PNGFileTests: PNG write and read round trips, atomic writes, captures on disk, the Textures folder decoded
// by name (a bad file named in the error), and the FNV-1a frame hash.

import Foundation
import GLHost
import GameCore
import InterludeTesting
import PlatformEGL
import Runtime
import Saves
import Storage
import ShooterPlatform
import XCTest

final class PNGFileTests: XCTestCase {
    func testWriteThenReadGivesTheSameBytes() throws {
        let folder = try TemporaryFolder("renderer").path
        let width = 7
        let height = 5
        let rgba = (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 / 4) }
        let path = folder + "/pattern.png"
        try PNGFile.write(rgba: rgba, width: width, height: height, to: path)
        let read = try PNGFile.read(path)
        XCTAssertEqual(read.width, width)
        XCTAssertEqual(read.height, height)
        XCTAssertEqual(read.rgba, rgba)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".tmp"), "the temporary file was renamed")
    }

    func testWrongSizeAndMissingFileThrow() throws {
        let folder = try TemporaryFolder("renderer").path
        XCTAssertThrowsError(try PNGFile.write(rgba: [1, 2, 3], width: 1, height: 1, to: folder + "/short.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/short.png"))
        XCTAssertThrowsError(try PNGFile.read(folder + "/missing.png"))
        XCTAssertThrowsError(
            try PNGFile.write(rgba: [0, 0, 0, 255], width: 1, height: 1, to: folder + "/no/such/folder/x.png"))
    }

    func testCaptureWritesThePixelsItHashes() throws {
        let folder = try TemporaryFolder("renderer").path
        let display = try makeDisplay(outputDirectory: folder)
        let frame = display.capture("hangar", scene: hangarScene(hud: ["captured"]))
        XCTAssertEqual(frame.file, "hangar.png")
        let pixels = display.readPixels()
        XCTAssertEqual(frame.hash, FrameHash.fnv1a64(pixels))
        let file = try PNGFile.read(folder + "/hangar.png")
        XCTAssertEqual(file.rgba, pixels, "top row first on disk too")
        XCTAssertTrue(display.problems.isEmpty, "\(display.problems)")
    }

    func testTexturesFolderLoadsByNameAndABadFileIsNamed() throws {
        let folder = try TemporaryFolder("renderer").path
        let textures = folder + "/Textures"
        try FileManager.default.createDirectory(atPath: textures, withIntermediateDirectories: true)
        XCTAssertTrue(try AssetDirectory(path: folder + "/nowhere").images().isEmpty, "no folder, no images")
        try PNGFile.write(rgba: [255, 0, 0, 255, 0, 255, 0, 128], width: 2, height: 1, to: textures + "/wall-red.png")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: textures + "/notes.txt"))
        let images = try AssetDirectory(path: folder).images()
        XCTAssertEqual(images.map(\.name), ["wall-red"])
        XCTAssertEqual(images.first?.rgba, [255, 0, 0, 255, 0, 255, 0, 128])
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: textures + "/broken.png"))
        XCTAssertThrowsError(try AssetDirectory(path: folder).images()) { error in
            XCTAssertTrue("\(error)".contains(textures + "/broken.png"), "\(error)")
        }
    }

    func testFrameHashIsFNV1a64() {
        XCTAssertEqual(FrameHash.fnv1a64([]), "cbf29ce484222325")
        XCTAssertEqual(FrameHash.fnv1a64(Array("a".utf8)), "af63dc4c8601ec8c")
        XCTAssertEqual(FrameHash.fnv1a64(Array("foobar".utf8)), "85944171f73967e8")
        var hasher = StateHasher()
        let bytes: [UInt8] = [0, 1, 2, 250, 255, 7]
        hasher.combine(bytes: bytes)
        XCTAssertEqual(FrameHash.fnv1a64(bytes), hasher.hex, "the same function as the state hash")
    }
}
