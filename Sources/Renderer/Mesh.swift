// Mesh: a vertex array object and its buffer of interleaved float vertices.

import CGL

/// A vertex array whose attribute `i` reads `layout[i]` floats, interleaved in one buffer.
struct Mesh {
    let vertexArray: GLuint
    let buffer: GLuint
    let floatsPerVertex: Int
    private(set) var vertexCount: Int32  // vertices in the buffer; 0 draws nothing

    /// Creates the vertex array and buffer (needs a current context, GL admitted) and uploads `vertices`.
    init(layout: [Int], vertices: [Float] = [], usage: GLenum = GLenum(GL_STATIC_DRAW)) {
        var vertexArray: GLuint = 0
        var buffer: GLuint = 0
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &buffer)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let floatsPerVertex = layout.reduce(0, +)
        let stride = GLsizei(floatsPerVertex * MemoryLayout<Float>.stride)
        var offset = 0
        for (location, components) in layout.enumerated() {
            glEnableVertexAttribArray(GLuint(location))
            glVertexAttribPointer(
                GLuint(location), GLint(components), GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                UnsafeRawPointer(bitPattern: offset * MemoryLayout<Float>.stride))
            offset += components
        }
        glBindVertexArray(0)
        self.vertexArray = vertexArray
        self.buffer = buffer
        self.floatsPerVertex = floatsPerVertex
        self.vertexCount = 0
        upload(vertices, usage: usage)
    }

    /// Replaces the buffer's contents with `vertices`.
    mutating func upload(_ vertices: [Float], usage: GLenum = GLenum(GL_STREAM_DRAW)) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), vertices.count * MemoryLayout<Float>.stride, vertices, usage)
        vertexCount = Int32(vertices.count / floatsPerVertex)
    }

    /// Draws all vertices as triangles; returns the draw calls issued (0 or 1).
    @discardableResult
    func draw() -> Int {
        guard vertexCount > 0 else { return 0 }
        glBindVertexArray(vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, vertexCount)
        glBindVertexArray(0)
        return 1
    }

    /// Draws the vertex `ranges` as triangles in one call (`glMultiDrawArrays`); returns the draw calls issued.
    @discardableResult
    func draw(ranges: [Range<Int>]) -> Int {
        guard !ranges.isEmpty else { return 0 }
        let firsts = ranges.map { GLint($0.lowerBound) }
        let counts = ranges.map { GLsizei($0.count) }
        glBindVertexArray(vertexArray)
        glMultiDrawArrays(GLenum(GL_TRIANGLES), firsts, counts, GLsizei(ranges.count))
        glBindVertexArray(0)
        return 1
    }

    /// Binds the vertex array for several `drawRange` calls.
    func bind() { glBindVertexArray(vertexArray) }

    /// Draws vertices `first ..< first + count` as triangles of the bound vertex array (see `bind`).
    func drawRange(first: Int, count: Int) {
        glDrawArrays(GLenum(GL_TRIANGLES), GLint(first), GLsizei(count))
    }
}
