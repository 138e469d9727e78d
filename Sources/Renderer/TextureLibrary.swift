// TextureLibrary: the renderer's GL textures by name, uploaded once when the renderer is made and kept across
// backgrounding. A name nobody uploaded resolves to a magenta checker, is remembered as missing and counted,
// so a level naming a texture that does not exist still draws (and the test or log can say which name).

import CGL

/// GL textures by name, plus the built-in ones: a white texel, the font atlas and the checker fallback.
struct TextureLibrary {
    /// Side of the checker fallback, texels; 8 squares of 8 texels per side.
    static let checkerSize = 64

    private(set) var byName: [String: GLuint] = [:]
    /// Names asked for but never uploaded, in the order first asked; each resolved to `checker`.
    private(set) var missingNames: [String] = []
    /// Magenta and black squares: what a missing texture looks like.
    let checker: GLuint
    /// One opaque white texel: solid rectangles of the screen layer.
    let white: GLuint
    /// Textures this library uploaded (given images, checker, white); malformed images are skipped.
    private(set) var uploads = 0
    /// Names of given images that were malformed (wrong byte count or empty) and so not uploaded.
    private(set) var rejectedNames: [String] = []

    /// Uploads `images` (mipmapped; world textures repeat, sprite and weapon textures clamp) and the built-ins.
    init(_ images: [TextureImage]) {
        var checkerTexels: [UInt8] = []
        let size = Self.checkerSize
        checkerTexels.reserveCapacity(size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                let isMagenta = (x / 8 + y / 8) % 2 == 0
                checkerTexels += isMagenta ? [255, 0, 255, 255] : [16, 16, 16, 255]
            }
        }
        checker = Self.upload(width: size, height: size, rgba: checkerTexels, repeats: true, mipmapped: true)
        white = Self.upload(width: 1, height: 1, rgba: [255, 255, 255, 255], repeats: false, mipmapped: false)
        uploads = 2
        for image in images {
            guard image.isWellFormed else {
                rejectedNames.append(image.name)
                continue
            }
            if let old = byName[image.name] {
                var texture = old
                glDeleteTextures(1, &texture)
            }
            byName[image.name] = Self.upload(
                width: image.width, height: image.height, rgba: image.rgba, repeats: image.repeats, mipmapped: true)
            uploads += 1
        }
    }

    /// The texture called `name`, or the checker (recording `name` as missing the first time).
    mutating func texture(named name: String) -> GLuint {
        if let texture = byName[name] { return texture }
        if !missingNames.contains(name) { missingNames.append(name) }
        return checker
    }

    /// Points `name` at `lostTexture`, a name made in another (lost) context, and deletes this context's own upload:
    /// the leak of a renderer that keeps one texture across a lost EGL context. Only ContextLossTests calls it, to
    /// show that the first frame after recovery then differs from the frame before the loss (issue 29).
    mutating func keepAcrossLoss(_ name: String, lostTexture: GLuint) {
        if var own = byName[name] { glDeleteTextures(1, &own) }
        byName[name] = lostTexture
    }

    /// Uploads RGBA8 texels (top row first, so texture coordinate v = 0 is the image's top row).
    static func upload(width: Int, height: Int, rgba: [UInt8], repeats: Bool, mipmapped: Bool) -> GLuint {
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), rgba)
        let wrap = repeats ? GL_REPEAT : GL_CLAMP_TO_EDGE
        if mipmapped { glGenerateMipmap(GLenum(GL_TEXTURE_2D)) }
        // Magnified texels stay crisp squares (the pixel-art look); minified ones are bilinear within the nearest
        // mip level: half the texel reads of trilinear, the usual choice of the iOS 4/5-era GPUs this game targets,
        // and 15-20 % less frame time on llvmpipe (Benchmarks/README.md, `replay`), for a seam where levels meet.
        let minify = mipmapped ? GL_LINEAR_MIPMAP_NEAREST : GL_NEAREST
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), minify)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), wrap)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), wrap)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        return texture
    }
}
