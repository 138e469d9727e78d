// LevelCullingTests: drawing only the level chunks the camera can see changes no pixel (the culled chunks lie
// outside the frustum or wholly beyond the fog's end, where the picture is the clear colour), and does cull.

import GameCore
import Runtime
import XCTest

@testable import Renderer

final class LevelCullingTests: XCTestCase {
    func testCullingChangesNoPixelFromManyViewpointsInTheReactor() throws {
        let level = try LevelFile.parse(try assetText("Levels/03-reactor.level"))
        let display = try makeDisplay(width: 160, height: 90)
        let renderer = try makeRenderer(on: display, textures: try assetTextures())
        var random = SimulationRandom(seed: 404)
        var culledSome = 0
        var viewpoints = 0
        while viewpoints < 60 {
            let x = Int(random.below(UInt64(level.width)))
            let z = Int(random.below(UInt64(level.depth)))
            guard !level.isWall(x, z) else { continue }
            viewpoints += 1
            let eye = Vec3(Float(x) + 0.5, 0.5, Float(z) + 0.5)
            let yaw = Float(random.below(628)) / 100 - 3.14
            let pitch = Float(random.below(140)) / 100 - 0.7
            let scene = Scene(level: level, camera: Camera(position: eye, yaw: yaw, pitch: pitch))
            renderer.cullsLevel = false
            let whole = render(scene, with: renderer)
            renderer.cullsLevel = true
            let culled = render(scene, with: renderer)
            XCTAssertEqual(culled, whole, "viewpoint \(viewpoints): (\(x), \(z)), yaw \(yaw), pitch \(pitch)")
            let geometry = Renderer.frameGeometry(scene, width: 160, height: 90)
            let drawn = geometry.levelRanges.joined().reduce(0) { $0 + $1.count }
            if drawn < geometry.level.reduce(0, { $0 + $1.vertices.count / GeometryBuilder.floatsPerVertex }) {
                culledSome += 1
            }
        }
        XCTAssertGreaterThan(culledSome, 50, "most viewpoints in a 40 x 30 level leave chunks out")
    }

    func testChunksBehindOrBeyondTheFogAreLeftOutAndTheOneAroundTheEyeIsKept() {
        let camera = Camera(position: Vec3(20, 0.5, 20), yaw: 0)  // looking down -z
        let viewProjection = Renderer.viewProjection(camera, width: 320, height: 180)
        func chunk(_ x: Int, _ z: Int) -> LevelChunk {
            LevelChunk(minX: x, minZ: z, maxX: x + 8, maxZ: z + 8, ranges: [])
        }
        let fog = Renderer.fogRange.end
        XCTAssertTrue(chunk(16, 16).isVisible(from: camera.position, viewProjection: viewProjection, fogEnd: fog))
        XCTAssertTrue(
            chunk(16, 8).isVisible(from: camera.position, viewProjection: viewProjection, fogEnd: fog), "ahead")
        XCTAssertFalse(
            chunk(16, 32).isVisible(from: camera.position, viewProjection: viewProjection, fogEnd: fog), "behind")
        XCTAssertFalse(
            chunk(16, -40).isVisible(from: camera.position, viewProjection: viewProjection, fogEnd: fog),
            "beyond the fog")
    }

    func testVisibleRangesMergeNeighbouringChunksPerTexture() {
        let chunks = [
            LevelChunk(minX: 0, minZ: 0, maxX: 8, maxZ: 8, ranges: [0..<6, 0..<12]),
            LevelChunk(minX: 8, minZ: 0, maxX: 16, maxZ: 8, ranges: [6..<6, 12..<24]),
            LevelChunk(minX: 16, minZ: 0, maxX: 24, maxZ: 8, ranges: [6..<18, 24..<30]),
        ]
        let all = LevelChunk.visibleRanges(
            chunks, groups: 2, eye: Vec3(0, 0, 0), viewProjection: .identity, fogEnd: 16, culling: false)
        XCTAssertEqual(all, [[0..<18], [0..<30]], "an empty range neither splits nor adds")
    }
}
