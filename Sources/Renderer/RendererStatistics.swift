// RendererStatistics: counts of the expensive things the renderer did, so tests can prove that
// backgrounding rebuilt only framebuffers.

/// How many times the renderer compiled, built, uploaded, created and drew, since it was made.
public struct RendererStatistics: Hashable, Sendable {
    /// Shader stages compiled (vertex and fragment each count once).
    public var shaderCompiles = 0
    /// Static meshes built: the sprite box at start, then one per level name.
    public var meshBuilds = 0
    /// Textures uploaded (the bitmap font).
    public var textureUploads = 0
    /// Framebuffers created by `makeSurfaces`.
    public var surfaceCreations = 0
    /// Framebuffers deleted by `releaseSurfaces`.
    public var surfaceReleases = 0
    /// Frames rendered by `draw`.
    public var framesDrawn = 0

    /// All counts zero.
    public init() {}
}
