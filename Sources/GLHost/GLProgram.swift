// GLProgram: compiling and linking a GL program, with the driver's info log when it fails. Every renderer needs it,
// so it is here once (the shooter's Renderer and Examples/Breakout's renderer both use it).

/// Why a program could not be built: the stage or program named, and the driver's info log.
public enum GLProgramError: Error, Hashable, Sendable, CustomStringConvertible {
    case compileFailed(stage: String, log: String)
    case linkFailed(program: String, log: String)

    public var description: String {
        switch self {
        case .compileFailed(let stage, let log): return "shader \(stage) does not compile: \(log)"
        case .linkFailed(let program, let log): return "program \(program) does not link: \(log)"
        }
    }
}

/// Builds GL programs. Needs a current GL 3.3 core context; every call issues GL, so a caller asks its gate first.
public enum GLProgram {
    /// Compiles `vertex` and `fragment` (GLSL source), links them as `name` and returns the program; the shader
    /// objects are deleted (the program keeps the code). Nothing is left behind when it throws.
    public static func link(_ name: String, vertex: String, fragment: String) throws(GLProgramError) -> GLuint {
        let vertexShader = try compile(GLenum(GL_VERTEX_SHADER), vertex, stage: name + ".vert")
        let fragmentShader: GLuint
        do {
            fragmentShader = try compile(GLenum(GL_FRAGMENT_SHADER), fragment, stage: name + ".frag")
        } catch {
            glDeleteShader(vertexShader)
            throw error
        }
        let program = glCreateProgram()
        glAttachShader(program, vertexShader)
        glAttachShader(program, fragmentShader)
        glLinkProgram(program)
        glDeleteShader(vertexShader)
        glDeleteShader(fragmentShader)
        var status: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &status)
        guard status == GL_TRUE else {
            let log = infoLog(program, length: glGetProgramiv, text: glGetProgramInfoLog)
            glDeleteProgram(program)
            throw .linkFailed(program: name, log: log)
        }
        return program
    }

    /// Compiles one stage (`GL_VERTEX_SHADER`, `GL_FRAGMENT_SHADER`) of `source`; `stage` names it in the error.
    public static func compile(_ kind: GLenum, _ source: String, stage: String) throws(GLProgramError) -> GLuint {
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
            throw .compileFailed(stage: stage, log: log)
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
