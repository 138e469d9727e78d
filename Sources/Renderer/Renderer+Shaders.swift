// Renderer+Shaders: compiling and linking the three programs, once, when the renderer is made.

import CGL
import GLHost

extension Renderer {
    /// The uniforms each program may have; their locations are looked up once after linking.
    static let uniformNames = [
        "viewProjection", "cameraPosition", "lightDirection", "fogColor", "fogRange", "screenSize", "image",
    ]

    /// Compiles both stages, links them as `name` (GLHost's GLProgram) and looks up the uniforms.
    static func link(
        _ name: String, _ vertexSource: String, _ fragmentSource: String, _ statistics: inout RendererStatistics
    ) throws -> ShaderProgram {
        let program: GLuint
        do {
            program = try GLProgram.link(name, vertex: vertexSource, fragment: fragmentSource)
        } catch .compileFailed(let stage, let log) {
            throw RendererError.shaderCompileFailed(stage: stage, log: log)
        } catch .linkFailed(let program, let log) {
            throw RendererError.programLinkFailed(program: program, log: log)
        }
        statistics.shaderCompiles += 2
        var uniforms: [String: GLint] = [:]
        for uniform in uniformNames { uniforms[uniform] = glGetUniformLocation(program, uniform) }
        return ShaderProgram(name: name, program: program, uniforms: uniforms)
    }
}
