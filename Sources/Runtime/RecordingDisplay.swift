// RecordingDisplay: the GL-free Display. Records every call; frames are hashed from the scene, not pixels. Told to
// keep no scene, it lets the runtime build none (`present(building:)`).

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
    /// False: no scene is kept, so none is built for `present(building:)`, and `keptImage` has none to give (nil).
    public let keepsScenes: Bool
    private var keptHash: String?
    private var lastScene: Scene?

    /// A display that keeps the last scene presented (`keepsScenes`, the default), so that `finishGL` can keep its
    /// hash for `keptImage`. Without: for a run that never captures a frame (the seeded simulation on no display of
    /// its caller's), where building each frame's scene was most of the work and nothing ever looked at it.
    public init(keepsScenes: Bool = true) {
        self.keepsScenes = keepsScenes
    }

    public func present(_ scene: Scene) {
        calls.append(.present)
        if keepsScenes { lastScene = scene }
    }

    /// Builds the scene only if it is kept; the call is recorded either way.
    public func present(building makeScene: () -> Scene) {
        guard keepsScenes else { return calls.append(.present) }
        present(makeScene())
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
