// GeometryTests: the renderer's pure parts: trigonometry, matrices, mesh winding (culling keeps the faces
// that face the player) and text layout. The font and its atlas are in BitmapFontTests.

import GameCore
import Runtime
import XCTest

@testable import Renderer

final class GeometryTests: XCTestCase {
    func testTrigonometryIsAccurate() {
        for step in -40...40 {
            let angle = Float(step) * 0.1
            let expected = Float(sin(Double(angle)))
            XCTAssertEqual(Trigonometry.sine(angle), expected, accuracy: 2e-6, "sine(\(angle))")
            XCTAssertEqual(Trigonometry.cosine(angle), Float(cos(Double(angle))), accuracy: 2e-6)
        }
        XCTAssertEqual(Trigonometry.tangent(Float.pi / 4), 1, accuracy: 1e-5)
    }

    func testViewLooksWhereTheCameraPoints() {
        let eye = Vec3(3, 0.5, 2)
        let cases: [(yaw: Float, pitch: Float, ahead: Vec3)] = [
            (0, 0, Vec3(0, 0, -1)), (Float.pi / 2, 0, Vec3(-1, 0, 0)), (-Float.pi / 2, 0, Vec3(1, 0, 0)),
            (0, 0.5, Vec3(0, Float(sin(0.5)), -Float(cos(0.5)))),
        ]
        for (yaw, pitch, ahead) in cases {
            let view = Matrix.view(Camera(position: eye, yaw: yaw, pitch: pitch))
            let point = transform(view, Vec3(eye.x + 2 * ahead.x, eye.y + 2 * ahead.y, eye.z + 2 * ahead.z))
            XCTAssertEqual(point.x, 0, accuracy: 1e-5, "yaw \(yaw) pitch \(pitch)")
            XCTAssertEqual(point.y, 0, accuracy: 1e-5)
            XCTAssertEqual(point.z, -2, accuracy: 1e-5)
        }
    }

    func testEveryTriangleWindsCounterClockwiseAroundItsNormal() {
        let stride = GeometryBuilder.floatsPerVertex
        for group in GeometryBuilder.level(.hangar) {
            let vertices = group.vertices
            XCTAssertEqual(vertices.count % (3 * stride), 0)
            for triangle in Swift.stride(from: 0, to: vertices.count, by: 3 * stride) {
                let corner = { (index: Int) in
                    Vec3(
                        vertices[triangle + index * stride], vertices[triangle + index * stride + 1],
                        vertices[triangle + index * stride + 2])
                }
                let normal = Vec3(vertices[triangle + 3], vertices[triangle + 4], vertices[triangle + 5])
                let first = corner(0)
                let second = corner(1)
                let third = corner(2)
                let along = Vec3(second.x - first.x, second.y - first.y, second.z - first.z)
                let across = Vec3(third.x - first.x, third.y - first.y, third.z - first.z)
                let cross = Vec3(
                    along.y * across.z - along.z * across.y, along.z * across.x - along.x * across.z,
                    along.x * across.y - along.y * across.x)
                let dot = cross.x * normal.x + cross.y * normal.y + cross.z * normal.z
                XCTAssertGreaterThan(dot, 0, "\(group.texture) triangle at \(triangle / stride / 3) faces away")
            }
        }
    }

    func testLevelHasFloorCeilingAndOneFacePerWallSideEachWithItsTexture() {
        let level = Level.hangar
        var open = 0
        var wallSides = 0
        for z in 0..<level.depth {
            for x in 0..<level.width where !level.isWall(x, z) {
                open += 1
                wallSides += [(x - 1, z), (x + 1, z), (x, z - 1), (x, z + 1)].filter { level.isWall($0.0, $0.1) }.count
            }
        }
        let groups = GeometryBuilder.level(level)
        let quads = { (name: String) in
            (groups.first { $0.texture == name }?.vertices.count ?? 0) / (GeometryBuilder.floatsPerVertex * 6)
        }
        XCTAssertEqual(groups.map(\.texture), ["wall-metal", "floor-tiles", "ceiling-panels"])
        XCTAssertEqual(quads("wall-metal"), wallSides)
        XCTAssertEqual(quads("floor-tiles"), open)
        XCTAssertEqual(quads("ceiling-panels"), open)
        var shared = level
        shared.theme = LevelTheme(wall: "wall-rust", floor: "plates", ceiling: "plates")
        let merged = GeometryBuilder.level(shared)
        XCTAssertEqual(merged.map(\.texture), ["wall-rust", "plates"], "one mesh per texture")
        XCTAssertEqual(merged[1].vertices.count, 2 * open * 6 * GeometryBuilder.floatsPerVertex)
    }

    func testWallTextureRunsLeftToRightAndTopDown() {
        let walls = GeometryBuilder.level(.hangar)[0].vertices
        let stride = GeometryBuilder.floatsPerVertex
        for vertex in Swift.stride(from: 0, to: walls.count, by: stride) {
            let y = walls[vertex + 1]
            XCTAssertEqual(walls[vertex + 7], 1 - y, "v is 0 at the top of the wall, 1 at its foot")
        }
        // The first vertex of every quad is its bottom-left corner (u 0), the second its bottom-right (u 1).
        for quad in Swift.stride(from: 0, to: walls.count, by: 6 * stride) {
            XCTAssertEqual(walls[quad + 6], 0)
            XCTAssertEqual(walls[quad + stride + 6], 1)
            XCTAssertLessThan(walls[quad + 8], walls[quad + 2 * stride + 8], "the foot is darker than the top")
        }
    }

    func testTextLayoutPlacesOneQuadPerCharacterInOneRun() {
        var batch = ScreenBatch()
        batch.text("Hi!", x: 10, y: 20, scale: 2, color: Color(1, 1, 1))
        let floats = ScreenBatch.floatsPerVertex
        XCTAssertEqual(batch.vertices.count, 3 * 6 * floats)
        XCTAssertEqual(Array(batch.vertices[0..<2]), [10, 20])
        XCTAssertEqual(batch.vertices[2 * 6 * floats], 42, "the third glyph starts 2 x 16 pixels right")
        XCTAssertEqual(ScreenBatch.width(of: "Hi!", scale: 2), 48)
        XCTAssertEqual(batch.runs, [ScreenBatch.Run(source: .font, first: 0, count: 18)])
        batch.rectangle(x: 0, y: 0, width: 4, height: 4, color: Color(1, 0, 0), alpha: 1)
        batch.rectangle(x: 8, y: 0, width: 4, height: 4, color: Color(1, 0, 0), alpha: 1)
        batch.text("A", x: 0, y: 0, scale: 1, color: Color(1, 1, 1))
        XCTAssertEqual(batch.runs.map(\.source), [.font, .white, .font], "same-texture quads share a run")
        XCTAssertEqual(batch.runs.map(\.count), [18, 12, 6])
        batch.removeAll()
        XCTAssertTrue(batch.isEmpty)
        XCTAssertTrue(batch.runs.isEmpty)
    }

    private func transform(_ matrix: Matrix, _ point: Vec3) -> Vec3 {
        let input = [point.x, point.y, point.z, 1]
        var output: [Float] = [0, 0, 0, 0]
        for row in 0..<4 { for column in 0..<4 { output[row] += matrix[row, column] * input[column] } }
        return Vec3(output[0], output[1], output[2])
    }
}
