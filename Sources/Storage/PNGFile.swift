// PNGFile: RGBA8 images to and from PNG files with libpng's simplified API (no setjmp needed from Swift).
// Writes are atomic and durable: write a temporary file, fsync it, rename it, fsync the folder, so the file
// appears complete under its name or not at all. Any game's host writes its captures with it (`writePNG`).

import CPNG
import Foundation

/// Reads and writes 8-bit RGBA PNG files, rows top first.
public enum PNGFile {
    /// A PNG read or write failure, with libpng's or the system's message.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file concerned.
        public let path: String
        /// What went wrong.
        public let message: String

        /// E.g. "/tmp/a.png: PNG write failed: ...".
        public var description: String { "\(path): \(message)" }
    }

    /// Writes `rgba` (width * height * 4 bytes, top row first) to `path.tmp`, then renames it to `path`.
    public static func write(rgba: [UInt8], width: Int, height: Int, to path: String) throws {
        guard width > 0, height > 0, rgba.count == width * height * 4 else {
            throw Failure(path: path, message: "expected \(width)x\(height)x4 bytes, got \(rgba.count)")
        }
        let temporary = path + ".tmp"
        guard let file = fopen(temporary, "wb") else {
            throw Failure(path: path, message: "cannot create \(temporary): \(String(cString: strerror(errno)))")
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let written = rgba.withUnsafeBytes { bytes in
            png_image_write_to_stdio(&image, file, 0, bytes.baseAddress, png_int_32(width * 4), nil)
        }
        let flushed = fflush(file) == 0 && fsync(fileno(file)) == 0
        fclose(file)
        guard written != 0, flushed else {
            let message = written == 0 ? Self.message(of: &image) : String(cString: strerror(errno))
            png_image_free(&image)
            unlink(temporary)
            throw Failure(path: path, message: "PNG write failed: \(message)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(path: path, message: "cannot rename \(temporary): \(reason)")
        }
        syncFolder(of: path)
    }

    /// Flushes the folder holding `path`, so the rename itself survives a crash.
    private static func syncFolder(of path: String) {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let descriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The widest and tallest image read, in pixels: more than any texture needs (GL 3.3 guarantees 1,024; Mesa
    /// allows 16,384), and a hostile header cannot ask for terabytes.
    public static let maximumSide = 8192

    /// Reads `path` as 8-bit RGBA, top row first, whatever its colour type. Only a regular file is opened (a FIFO or
    /// a device would block or never end).
    public static func read(_ path: String) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw Failure(path: path, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(path: path, message: "not a regular file (a folder, FIFO or device): not an image")
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            let message = Self.message(of: &image)
            png_image_free(&image)
            throw Failure(path: path, message: "PNG read failed: \(message)")
        }
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let width = Int(image.width)
        let height = Int(image.height)
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            png_image_free(&image)
            throw Failure(
                path: path, message: "the image is \(width)x\(height) pixels; at most \(maximumSide) on a side is read")
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let finished = rgba.withUnsafeMutableBytes { bytes in
            png_image_finish_read(&image, nil, bytes.baseAddress, png_int_32(width * 4), nil)
        }
        guard finished != 0 else {
            let message = Self.message(of: &image)
            png_image_free(&image)
            throw Failure(path: path, message: "PNG read failed: \(message)")
        }
        return (width, height, rgba)
    }

    /// libpng's error text, kept in the image's fixed 64-byte `message` field.
    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
