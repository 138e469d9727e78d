// GLFWWindowDisplay+Images: captured frames, the kept app-switcher image and F12 screenshots. Frames are
// hashed (FNV-1a 64 of the RGBA bytes, as offscreen); files are written only when `imageWriter` is set
// (e.g. to Services' `PNGFile.write`), so a host decides whether a window run leaves files behind.

import Foundation
import GLHost
import Runtime

extension GLFWWindowDisplay {
    /// Draws `scene`, reads it back and, with an `imageWriter`, writes `<name>.png` to `outputDirectory`.
    /// Without a framebuffer (or with GL forbidden) the hash is the scene's, as `RecordingDisplay` gives.
    public func capture(_ name: String, scene: Scene) -> Frame {
        makeCurrent()
        renderer.draw(scene)
        remember(scene)
        let pixels = renderer.readPixels()
        guard pixels.count == surfaceSize.width * surfaceSize.height * 4, !pixels.isEmpty else {
            return Frame(file: nil, hash: scene.contentHash)
        }
        let image = (pixels: pixels, width: surfaceSize.width, height: surfaceSize.height)
        return frames.frame(of: image, under: systemLayer, named: name + ".png")
    }

    /// The frame kept by the last `releaseSurfaces`, written as `<name>.png` with an `imageWriter`; no GL call of the
    /// app's. With a phone attached, the OS's screen over it (the compositor's own GL).
    public func keptImage(_ name: String) -> Frame? {
        let size = surfaceSize.width > 0 ? surfaceSize : viewSize
        guard let systemLayer, size.width > 0, size.height > 0 else { return frames.keptFrame(named: name + ".png") }
        makeCurrent()
        guard let pixels = systemLayer.compose(over: frames.kept, width: size.width, height: size.height) else {
            return frames.keptFrame(named: name + ".png")
        }
        let composed = systemLayer.composedSize(width: size.width, height: size.height)
        return frames.frame(of: pixels, width: composed.width, height: composed.height, named: name + ".png")
    }

    /// The last frame kept by `releaseSurfaces`: RGBA, top row first, and its size.
    public var keptFrame: (pixels: [UInt8], width: Int, height: Int)? { frames.kept }

    /// Writes what the window shows as `interlude-N.png` (N = 1, 2, … not yet taken) in `outputDirectory`:
    /// `scene` drawn afresh while GL is allowed, else the frame kept when the app left the foreground.
    /// Returns the path written, or nil (no `imageWriter`, nothing to write, or a write error in `problems`).
    public func screenshot(_ scene: Scene) -> String? {
        var image = frames.kept
        if !renderer.gate.isForbidden, renderer.hasSurfaces {
            makeCurrent()
            renderer.draw(scene)
            remember(scene)
            let pixels = renderer.readPixels()
            if pixels.count == surfaceSize.width * surfaceSize.height * 4 {
                image = (pixels, surfaceSize.width, surfaceSize.height)
            }
        }
        if let systemLayer {
            // What the player sees: the phone's screen over the app (or over nothing, when none was kept).
            let size = image.map { (width: $0.width, height: $0.height) } ?? surfaceSize
            if size.width > 0, size.height > 0,
                let composed = systemLayer.compose(over: image, width: size.width, height: size.height)
            {
                let turned = systemLayer.composedSize(width: size.width, height: size.height)
                image = (composed, turned.width, turned.height)
            }
        }
        guard let image, imageWriter != nil else { return nil }
        var name: String
        repeat {
            screenshotCount += 1
            name = "interlude-\(screenshotCount).png"
        } while FileManager.default.fileExists(atPath: outputDirectory + "/" + name)
        return frames.write(image.pixels, width: image.width, height: image.height, as: name).map {
            outputDirectory + "/" + $0
        }
    }
}
