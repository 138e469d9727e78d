// Surfaces: the offscreen framebuffer the renderer draws into; the only GL objects released on backgrounding.

import CGL

/// A framebuffer with an RGBA8 colour renderbuffer and a DEPTH24 renderbuffer.
struct Surfaces {
    let framebuffer: GLuint
    let colorBuffer: GLuint
    let depthBuffer: GLuint
    let width: Int  // pixels
    let height: Int  // pixels

    /// Creates and attaches the renderbuffers; returns nil (having deleted them) when incomplete.
    static func make(width: Int, height: Int) -> Surfaces? {
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
        let surfaces = Surfaces(
            framebuffer: framebuffer, colorBuffer: renderbuffers[0], depthBuffer: renderbuffers[1], width: width,
            height: height)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            surfaces.delete()
            return nil
        }
        return surfaces
    }

    /// Deletes the framebuffer and both renderbuffers.
    func delete() {
        var framebuffer = framebuffer
        var renderbuffers = [colorBuffer, depthBuffer]
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteRenderbuffers(2, &renderbuffers)
    }
}
