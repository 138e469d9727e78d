// Renderer+Shaders: compiling and linking the three programs, once, when the renderer is made.

import CGL

extension Renderer {
    /// The uniforms each program may have; their locations are looked up once after linking.
    static let uniformNames = [
        "viewProjection", "cameraPosition", "lightDirection", "fogColor", "fogRange", "screenSize", "image",
    ]

    /// Compiles both stages, links them as `name` and looks up the uniforms.
    static func link(
        _ name: String, _ vertexSource: String, _ fragmentSource: String, _ statistics: inout RendererStatistics
    ) throws -> ShaderProgram {
        let vertex = try compile(GLenum(GL_VERTEX_SHADER), vertexSource, stage: name + ".vert")
        let fragment = try compile(GLenum(GL_FRAGMENT_SHADER), fragmentSource, stage: name + ".frag")
        statistics.shaderCompiles += 2
        let program = glCreateProgram()
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        glLinkProgram(program)
        // The program keeps the compiled code; the shader objects are no longer needed.
        glDeleteShader(vertex)
        glDeleteShader(fragment)
        var status: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &status)
        guard status == GL_TRUE else {
            let log = infoLog(program, length: glGetProgramiv, text: glGetProgramInfoLog)
            glDeleteProgram(program)
            throw RendererError.programLinkFailed(program: name, log: log)
        }
        var uniforms: [String: GLint] = [:]
        for uniform in uniformNames { uniforms[uniform] = glGetUniformLocation(program, uniform) }
        return ShaderProgram(name: name, program: program, uniforms: uniforms)
    }

    private static func compile(_ kind: GLenum, _ source: String, stage: String) throws -> GLuint {
        let shader = glCreateShader(kind)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var status: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &status)
        guard status == GL_TRUE else {
            let log = infoLog(shader, length: glGetShaderiv, text: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw RendererError.shaderCompileFailed(stage: stage, log: log)
        }
        return shader
    }

    private static func infoLog(
        _ object: GLuint, length: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        text: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var count: GLint = 0
        length(object, GLenum(GL_INFO_LOG_LENGTH), &count)
        guard count > 0 else { return "(no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(count) + 1)
        text(object, count, nil, &buffer)
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
