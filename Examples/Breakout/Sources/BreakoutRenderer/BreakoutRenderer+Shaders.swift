// BreakoutRenderer+Shaders: the one shader program (flat-coloured quads in pixels, round ones cut out in the fragment
// shader), compiled and linked once when the renderer is made; a failure throws with the driver's info log.

import GLHost

extension BreakoutRenderer {
    /// Positions in framebuffer pixels (top-left origin), a colour, and a shape coordinate: -1...1 across a round
    /// quad (fragments outside the unit circle are discarded), 0 at every corner of a square one.
    static let vertexSource = """
        #version 330 core
        layout(location = 0) in vec2 position;
        layout(location = 1) in vec4 color;
        layout(location = 2) in vec2 shape;
        uniform vec2 screenSize;
        out vec4 fragmentColor;
        out vec2 fragmentShape;
        void main() {
            vec2 clip = position / screenSize * 2.0 - 1.0;
            gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
            fragmentColor = color;
            fragmentShape = shape;
        }
        """

    static let fragmentSource = """
        #version 330 core
        in vec4 fragmentColor;
        in vec2 fragmentShape;
        out vec4 outColor;
        void main() {
            if (dot(fragmentShape, fragmentShape) > 1.0) discard;
            outColor = fragmentColor;
        }
        """

    /// Compiles both stages and links them; throws `BreakoutRendererError` with the info log on failure.
    static func linkProgram(vertex vertexText: String, fragment fragmentText: String) throws -> GLuint {
        let vertex = try compile(GLenum(GL_VERTEX_SHADER), vertexText, stage: "vertex")
        let fragment: GLuint
        do {
            fragment = try compile(GLenum(GL_FRAGMENT_SHADER), fragmentText, stage: "fragment")
        } catch {
            glDeleteShader(vertex)
            throw error
        }
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
            throw BreakoutRendererError.programLinkFailed(log: log)
        }
        return program
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
            throw BreakoutRendererError.shaderCompileFailed(stage: stage, log: log)
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
        let log = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return log.trimmingSuffixWhitespace
    }
}

extension String {
    /// The string without trailing spaces and newlines (driver logs end with one).
    fileprivate var trimmingSuffixWhitespace: String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
