// AssetDirectory+Images: the textures of Assets/Textures, decoded to RGBA8 for the renderer, which reads no
// files. Both platforms call this and wrap each result in a Renderer.TextureImage.

import Storage

/// One decoded image file: its name (the file name without `.png`) and its RGBA8 pixels, top row first.
public struct DecodedImage: Sendable {
    /// The file name without the `.png` suffix, e.g. "wall-metal".
    public let name: String
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// width * height * 4 bytes.
    public let rgba: [UInt8]
}

extension AssetDirectory {
    /// Every `*.png` in `relativeFolder` (default `Textures`), sorted by name, decoded to RGBA8. A folder that
    /// does not exist gives no images; a file that is not a readable PNG throws `PNGFile.Failure` naming it.
    public func images(in relativeFolder: String = "Textures") throws -> [DecodedImage] {
        let files: [String]
        do {
            files = try self.files(in: relativeFolder, suffix: ".png")
        } catch {
            return []
        }
        return try files.map { path in
            let file = try PNGFile.read(path)
            let name = String(path.split(separator: "/").last!.dropLast(".png".count))
            return DecodedImage(name: name, width: file.width, height: file.height, rgba: file.rgba)
        }
    }
}
