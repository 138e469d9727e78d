// FrameDump: writes a sequence of FrameGeometry and the textures they sample as one little-endian binary file, for
// Benchmarks/render-compare/replay-frame.c to draw the same frames with the same shaders and draw calls.
//
// Layout (u32 and f32 little-endian; strings are u32 length + UTF-8 bytes):
//   "IFRM" u32 version=3, u32 width, u32 height, u32 warm-up frames, u32 timed frames
//   f32[3] lightDirection, f32[3] fogColor, f32[2] fogRange
//   u32 textures; each: string name, u32 width, u32 height, u32 flags (1 repeat, 2 mipmaps), u8[w*h*4] RGBA
//   u32 level meshes; each: u32 texture index, u32 floats, f32[floats]      (11 floats a vertex)
//   u32 frames; each:
//     f32[16] viewProjection, f32[3] cameraPosition
//     per level mesh: u32 ranges; each u32 first, u32 count   (the chunks the camera sees: one glMultiDrawArrays)
//     u32 floats, f32[floats] sprite vertices; u32 draws; each u32 texture, u32 first, u32 count   (9 a vertex)
//     u32 floats, f32[floats] screen vertices; u32 draws; each u32 texture, u32 first, u32 count   (8 a vertex)
// The C program draws warm-up + timed frames, frame i being dumped frame i mod frames (one frame: a fixed frame).
// The level meshes are those of the first frame (the level does not change within a session).

import Foundation
import Renderer

/// Builds the dump's bytes.
struct FrameDump {
    private(set) var bytes: [UInt8] = []
    private var textureIndex: [String: Int] = [:]
    private var textures: [(image: TextureImage, flags: UInt32)] = []

    /// Encodes `frames`; `images` must hold every texture name they draw with (`<white>` and `<font>` included).
    static func encode(
        _ frames: [FrameGeometry], width: Int, height: Int, warmup: Int, timed: Int, images: [String: TextureImage]
    ) throws -> [UInt8] {
        guard let first = frames.first else { throw BenchError.badOption("no frame to dump") }
        var dump = FrameDump()
        for geometry in frames {
            let names =
                geometry.level.map(\.texture) + geometry.spriteDraws.map(\.texture)
                + geometry.screenDraws.map(\.texture)
            for name in names where dump.textureIndex[name] == nil {
                guard let image = images[name] else { throw BenchError.missingTexture(name) }
                let isBuiltIn = name.hasPrefix("<")
                let flags: UInt32 = isBuiltIn ? 0 : (image.repeats ? 1 : 0) | 2
                dump.textureIndex[name] = dump.textures.count
                dump.textures.append((image, flags))
            }
        }
        dump.bytes += Array("IFRM".utf8)
        dump.integers([3, width, height, warmup, timed])
        let light = first.lightDirection
        let fog = first.fogColor
        dump.floats([light.x, light.y, light.z, fog.r, fog.g, fog.b, first.fogRange.start, first.fogRange.end])
        dump.integers([dump.textures.count])
        for (image, flags) in dump.textures {
            dump.integers([image.name.utf8.count])
            dump.bytes += Array(image.name.utf8)
            dump.integers([image.width, image.height, Int(flags)])
            dump.bytes += image.rgba
        }
        dump.integers([first.level.count])
        for mesh in first.level {
            dump.integers([dump.textureIndex[mesh.texture]!, mesh.vertices.count])
            dump.floats(mesh.vertices)
        }
        dump.integers([frames.count])
        for geometry in frames {
            let camera = geometry.cameraPosition
            dump.floats(geometry.viewProjection + [camera.x, camera.y, camera.z])
            for ranges in geometry.levelRanges {
                dump.integers([ranges.count])
                for range in ranges { dump.integers([range.lowerBound, range.count]) }
            }
            for (vertices, draws) in [
                (geometry.spriteVertices, geometry.spriteDraws), (geometry.screenVertices, geometry.screenDraws),
            ] {
                dump.integers([vertices.count])
                dump.floats(vertices)
                dump.integers([draws.count])
                for draw in draws { dump.integers([dump.textureIndex[draw.texture]!, draw.first, draw.count]) }
            }
        }
        return dump.bytes
    }

    private mutating func integers(_ values: [Int]) {
        for value in values { withUnsafeBytes(of: UInt32(value).littleEndian) { bytes += $0 } }
    }

    private mutating func floats(_ values: [Float]) {
        bytes.reserveCapacity(bytes.count + values.count * 4)
        for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
    }
}

/// Why the benchmark could not run.
enum BenchError: Error, CustomStringConvertible {
    case missingTexture(String)
    case badOption(String)

    var description: String {
        switch self {
        case .missingTexture(let name):
            return "render-bench: the frame draws texture '\(name)', which is not in Assets/Textures"
        case .badOption(let text): return "render-bench: \(text)"
        }
    }
}
