// OffscreenSurfaces: the framebuffer a renderer draws into, with its two renderbuffers: the only GL objects a host
// releases when the app leaves the foreground. Public so that every game's renderer gets the same read-back (the
// transcript's frame hash, captures) and the same blit to a window.

import CGL

/// A framebuffer with an RGBA8 colour renderbuffer and a DEPTH24 renderbuffer. Needs the GL context it was made in
/// current on the calling thread.
public struct OffscreenSurfaces: Hashable, Sendable {
    public let framebuffer: GLuint
    public let colorBuffer: GLuint
    public let depthBuffer: GLuint
    public let width: Int  // pixels
    public let height: Int  // pixels

    /// Creates and attaches the renderbuffers; returns nil (having deleted them) when incomplete or empty.
    public static func make(width: Int, height: Int) -> OffscreenSurfaces? {
        guard width > 0, height > 0 else { return nil }
        var framebuffer: GLuint = 0
        var renderbuffers: [GLuint] = [0, 0]
        glGenFramebuffers(1, &framebuffer)
        glGenRenderbuffers(2, &renderbuffers)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        let formats = [GL_RGBA8, GL_DEPTH_COMPONENT24]
        let attachments = [GL_COLOR_ATTACHMENT0, GL_DEPTH_ATTACHMENT]
        for index in 0..<2 {
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffers[index])
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(formats[index]), GLsizei(width), GLsizei(height))
            glFramebufferRenderbuffer(
                GLenum(GL_FRAMEBUFFER), GLenum(attachments[index]), GLenum(GL_RENDERBUFFER), renderbuffers[index])
        }
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        let surfaces = OffscreenSurfaces(
            framebuffer: framebuffer, colorBuffer: renderbuffers[0], depthBuffer: renderbuffers[1], width: width,
            height: height)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            surfaces.delete()
            return nil
        }
        return surfaces
    }

    /// Binds the framebuffer for drawing, with a viewport covering it.
    public func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// The pixels as RGBA8, top row first (width * height * 4 bytes).
    public func readPixels() -> [UInt8] {
        let rowBytes = width * 4
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
        // GL's rows start at the bottom; images start at the top: swap the rows in place (one buffer, not two).
        var spare = [UInt8](repeating: 0, count: rowBytes)
        spare.withUnsafeMutableBytes { spare in
            pixels.withUnsafeMutableBytes { image in
                var (top, bottom) = (0, height - 1)
                while top < bottom {
                    let upper = image.baseAddress! + top * rowBytes
                    let lower = image.baseAddress! + bottom * rowBytes
                    spare.baseAddress!.copyMemory(from: upper, byteCount: rowBytes)
                    upper.copyMemory(from: lower, byteCount: rowBytes)
                    lower.copyMemory(from: spare.baseAddress!, byteCount: rowBytes)
                    (top, bottom) = (top + 1, bottom - 1)
                }
            }
        }
        return pixels
    }

    /// Copies the colour buffer to the default framebuffer (a window), scaled to `width` x `height`.
    public func blitToWindow(width windowWidth: Int, height windowHeight: Int) {
        let sameSize = width == windowWidth && height == windowHeight
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        glBlitFramebuffer(
            0, 0, GLint(width), GLint(height), 0, 0, GLint(windowWidth), GLint(windowHeight),
            GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(sameSize ? GL_NEAREST : GL_LINEAR))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// Deletes the framebuffer and both renderbuffers.
    public func delete() {
        var framebuffer = framebuffer
        var renderbuffers = [colorBuffer, depthBuffer]
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteRenderbuffers(2, &renderbuffers)
    }
}
