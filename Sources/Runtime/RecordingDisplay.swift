// RecordingDisplay: the GL-free Display. Records every call; frames are hashed from the scene, not pixels.

import Lifecycle

/// A display that draws nothing and remembers what it was asked, for tests and `--no-render` replays.
public final class RecordingDisplay<Scene: GameScene>: Display {
    /// One call made to the display.
    public enum Call: Hashable, Sendable {
        case present, finishGL, releaseSurfaces, restoreSurfaces, recreateGLObjects
        case capture(String)
        case keptImage(String)
    }

    public private(set) var calls: [Call] = []
    public private(set) var hasSurfaces = false
    private var keptHash: String?
    private var lastScene: Scene?

    public init() {}

    public func present(_ scene: Scene) {
        calls.append(.present)
        lastScene = scene
    }

    public func finishGL() {
        calls.append(.finishGL)
        if hasSurfaces, let lastScene { keptHash = lastScene.contentHash }
    }

    public func releaseSurfaces() {
        calls.append(.releaseSurfaces)
        hasSurfaces = false
    }

    public func restoreSurfaces() {
        calls.append(.restoreSurfaces)
        hasSurfaces = true
    }

    /// Every GL object is gone: the surfaces (the only objects this display stands for) are made again, and the CPU
    /// copy kept by `finishGL` stays (it is not a GL object).
    public func recreateGLObjects() {
        calls.append(.recreateGLObjects)
        hasSurfaces = true
    }

    public func capture(_ name: String, scene: Scene) -> Frame {
        calls.append(.capture(name))
        return Frame(file: nil, hash: scene.contentHash)
    }

    public func keptImage(_ name: String) -> Frame? {
        calls.append(.keptImage(name))
        return keptHash.map { Frame(file: nil, hash: $0) }
    }
}
