// FrameKeeper: what both hosts do with frames read back from a renderer: hash them (the transcript's frame hash),
// keep the app-switcher picture taken as the app leaves the foreground, and write images through an ImageWriter.
// One implementation, so that the window and the offscreen host give the same frame line for the same pixels.

import Foundation
import Runtime

/// Frames read back from a renderer, as a host turns them into transcript frames and image files. Not thread-safe:
/// it lives with the host on the GL thread.
public struct FrameKeeper {
    /// RGBA8 pixels, top row first, and their size.
    public typealias Image = (pixels: [UInt8], width: Int, height: Int)

    /// Where images are written (created when first needed); nil writes nothing.
    public var outputDirectory: String?
    /// Encodes images (e.g. a PNG writer); nil: frames are only hashed.
    public var imageWriter: ImageWriter?
    /// The picture kept by the last `keep`: what the app switcher shows while the app is away.
    public private(set) var kept: Image?
    /// Images that could not be written (`file: error`), oldest first.
    public private(set) var problems: [String] = []

    public init(outputDirectory: String?, imageWriter: ImageWriter?) {
        self.outputDirectory = outputDirectory
        self.imageWriter = imageWriter
    }

    /// Keeps `pixels` (complete: width * height * 4 bytes) as the switcher picture; an incomplete read is ignored.
    public mutating func keep(_ pixels: [UInt8], width: Int, height: Int) {
        if pixels.count == width * height * 4, !pixels.isEmpty { kept = (pixels, width, height) }
    }

    /// The frame of `pixels`: their hash and, with a writer and a folder, the file `name` written.
    public mutating func frame(of pixels: [UInt8], width: Int, height: Int, named name: String) -> Frame {
        Frame(file: write(pixels, width: width, height: height, as: name), hash: FrameHash.fnv1a64(pixels))
    }

    /// The frame of `image` with the system's screen over it (`layer`, when one is up), as the user sees it.
    public mutating func frame(of image: Image, under layer: (any SystemLayer)?, named name: String) -> Frame {
        let pixels = layer?.compose(over: image, width: image.width, height: image.height) ?? image.pixels
        let size =
            layer?.composedSize(width: image.width, height: image.height) ?? (width: image.width, height: image.height)
        return frame(of: pixels, width: size.width, height: size.height, named: name)
    }

    /// The kept picture as the frame `name`, written like any other; no GL call. Nil when nothing was kept.
    public mutating func keptFrame(named name: String) -> Frame? {
        guard let kept else { return nil }
        return frame(of: kept.pixels, width: kept.width, height: kept.height, named: name)
    }

    /// Writes `pixels` as `name` in the output folder; returns the file name, or nil (no writer or folder, or the
    /// write failed: the failure is in `problems`).
    public mutating func write(_ pixels: [UInt8], width: Int, height: Int, as name: String) -> String? {
        guard let outputDirectory, let imageWriter else { return nil }
        do {
            try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
            try imageWriter(pixels, width, height, outputDirectory + "/" + name)
            return name
        } catch {
            problems.append("\(name): \(error)")
            return nil
        }
    }
}

/// A display around a `SceneRenderer`: its GL gate follows the runtime's forbid and allow work, so that a call
/// bypassing the runtime (a component holding the display) is refused and reported, never executed.
public protocol RendererDisplay: Display {
    associatedtype Renderer: SceneRenderer
    var renderer: Renderer { get }
}

extension RendererDisplay {
    public func forbidGL() { renderer.gate.forbid() }
    public func allowGL() { renderer.gate.allow() }
    public var refusedGLCalls: [String] { renderer.gate.violations }
}
