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
        let pixels = renderer.readPixels()
        guard pixels.count == surfaceSize.width * surfaceSize.height * 4, !pixels.isEmpty else {
            return Frame(file: nil, hash: scene.contentHash)
        }
        return frames.frame(of: pixels, width: surfaceSize.width, height: surfaceSize.height, named: name + ".png")
    }

    /// The frame kept by the last `releaseSurfaces`, written as `<name>.png` with an `imageWriter`; no GL call.
    public func keptImage(_ name: String) -> Frame? { frames.keptFrame(named: name + ".png") }

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
            let pixels = renderer.readPixels()
            if pixels.count == surfaceSize.width * surfaceSize.height * 4 {
                image = (pixels, surfaceSize.width, surfaceSize.height)
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
