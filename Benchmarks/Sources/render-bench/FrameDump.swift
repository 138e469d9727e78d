// FrameDump: writes a FrameGeometry and the textures it samples as one little-endian binary file, for
// Benchmarks/render-compare/replay-frame.c to draw the same frame with the same shaders and draw calls.
//
// Layout (u32 and f32 little-endian; strings are u32 length + UTF-8 bytes):
//   "IFRM" u32 version=1, u32 width, u32 height
//   f32[16] viewProjection, f32[3] cameraPosition, f32[3] lightDirection, f32[3] fogColor, f32[2] fogRange
//   u32 textures; each: string name, u32 width, u32 height, u32 flags (1 repeat, 2 mipmaps), u8[w*h*4] RGBA
//   u32 level meshes; each: u32 texture index, u32 floats, f32[floats]      (11 floats a vertex)
//   u32 floats, f32[floats] sprite vertices; u32 draws; each u32 texture, u32 first, u32 count   (9 a vertex)
//   u32 floats, f32[floats] screen vertices; u32 draws; each u32 texture, u32 first, u32 count   (8 a vertex)

import Foundation
import Renderer

/// Builds the dump's bytes.
struct FrameDump {
    private(set) var bytes: [UInt8] = []
    private var textureIndex: [String: Int] = [:]
    private var textures: [(image: TextureImage, flags: UInt32)] = []

    /// Encodes `geometry`; `images` must hold every texture name it draws with (`<white>` and `<font>` included).
    static func encode(_ geometry: FrameGeometry, width: Int, height: Int, images: [String: TextureImage]) throws
        -> [UInt8]
    {
        var dump = FrameDump()
        let names =
            geometry.level.map(\.texture) + geometry.spriteDraws.map(\.texture) + geometry.screenDraws.map(\.texture)
        for name in names where dump.textureIndex[name] == nil {
            guard let image = images[name] else { throw BenchError.missingTexture(name) }
            let isBuiltIn = name.hasPrefix("<")
            let flags: UInt32 = isBuiltIn ? 0 : (image.repeats ? 1 : 0) | 2
            dump.textureIndex[name] = dump.textures.count
            dump.textures.append((image, flags))
        }
        dump.bytes += Array("IFRM".utf8)
        dump.integers([1, width, height])
        dump.floats(geometry.viewProjection)
        let camera = geometry.cameraPosition
        let light = geometry.lightDirection
        let fog = geometry.fogColor
        dump.floats([camera.x, camera.y, camera.z, light.x, light.y, light.z, fog.r, fog.g, fog.b])
        dump.floats([geometry.fogRange.start, geometry.fogRange.end])
        dump.integers([dump.textures.count])
        for (image, flags) in dump.textures {
            dump.integers([image.name.utf8.count])
            dump.bytes += Array(image.name.utf8)
            dump.integers([image.width, image.height, Int(flags)])
            dump.bytes += image.rgba
        }
        dump.integers([geometry.level.count])
        for mesh in geometry.level {
            dump.integers([dump.textureIndex[mesh.texture]!, mesh.vertices.count])
            dump.floats(mesh.vertices)
        }
        for (vertices, draws) in [
            (geometry.spriteVertices, geometry.spriteDraws), (geometry.screenVertices, geometry.screenDraws),
        ] {
            dump.integers([vertices.count])
            dump.floats(vertices)
            dump.integers([draws.count])
            for draw in draws { dump.integers([dump.textureIndex[draw.texture]!, draw.first, draw.count]) }
        }
        return dump.bytes
    }

    private mutating func integers(_ values: [Int]) {
        for value in values { withUnsafeBytes(of: UInt32(value).littleEndian) { bytes += $0 } }
    }

    private mutating func floats(_ values: [Float]) {
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
