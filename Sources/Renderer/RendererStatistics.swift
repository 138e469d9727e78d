// RendererStatistics: counts of the expensive things the renderer did, so tests can prove that
// backgrounding rebuilt only framebuffers, and what the last frame cost.

/// How many times the renderer compiled, built, uploaded, created and drew, since it was made.
public struct RendererStatistics: Hashable, Sendable {
    /// Shader stages compiled (vertex and fragment each count once).
    public var shaderCompiles = 0
    /// Static meshes built: one per texture of each level (walls, floor, ceiling), on the level's first draw.
    public var meshBuilds = 0
    /// Textures uploaded: the font atlas, the white texel, the checker fallback and every image given at init.
    public var textureUploads = 0
    /// Distinct texture names that were asked for but never uploaded, and so drew as the checker.
    public var missingTextures = 0
    /// Framebuffers created by `makeSurfaces`.
    public var surfaceCreations = 0
    /// Framebuffers deleted by `releaseSurfaces`.
    public var surfaceReleases = 0
    /// Frames rendered by `draw`.
    public var framesDrawn = 0
    /// Draw calls (`glDrawArrays`) issued by the last frame drawn.
    public var drawCalls = 0

    /// All counts zero.
    public init() {}
}
