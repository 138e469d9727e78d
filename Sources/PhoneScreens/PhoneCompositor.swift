// PhoneCompositor: the phone's system layer in GL. It draws PhoneShapes over a picture of the app with a program,
// buffers, textures and a framebuffer of its own. It never asks the app's GLGate: it is the OS, whose drawing goes on
// while the app is forbidden GL (the invariant counts the app's calls; `drawCalls` here counts the compositor's).
// It shares the host's context and thread; it sets every piece of GL state it uses and leaves blending, the program,
// the vertex array, the texture and the framebuffer unbound, as the app's renderer expects to find them.

import GLHost

/// Draws phone screens with GL. Needs the host's GL 3.3 core context current on the calling thread for its whole life.
public final class PhoneCompositor {
    /// RGBA8 pixels, top row first, and their size.
    public typealias Image = (pixels: [UInt8], width: Int, height: Int)

    /// GL draw calls issued so far (the compositor's own, never the app's).
    public private(set) var drawCalls = 0
    private let program: GLuint
    private let vertexArray: GLuint
    private let vertexBuffer: GLuint
    private let fontTexture: GLuint
    private let pictureTexture: GLuint
    private var pictureSize = (width: 0, height: 0)  // texels of the picture uploaded last; 0 x 0: none
    private var isPictureBottomUp = false  // true when copied from a framebuffer (GL rows start at the bottom)
    private var surfaces: OffscreenSurfaces?  // the framebuffer `compose` draws into, made at first use
    private let uniforms: [String: GLint]
    /// The font it was made with (a compositor for a new context is made with it again).
    public let font: PhoneFont
    private var isAbandoned = false  // its context is gone: its names mean nothing, and nothing is deleted

    /// Builds the program and uploads `font` (the GL context must be current).
    public init(font: PhoneFont) throws {
        self.font = font
        program = try GLProgram.link("phone", vertex: Self.vertexSource, fragment: Self.fragmentSource)
        var names: [GLuint] = [0, 0]
        glGenVertexArrays(1, &names)
        vertexArray = names[0]
        glGenBuffers(1, &names)
        vertexBuffer = names[0]
        glGenTextures(2, &names)
        fontTexture = names[0]
        pictureTexture = names[1]
        var table: [String: GLint] = [:]
        for name in ["viewSize", "mode", "rect", "radius", "topColor", "bottomColor", "image"] {
            table[name] = glGetUniformLocation(program, name)
        }
        uniforms = table
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        let stride = GLsizei(4 * MemoryLayout<Float>.size)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
        glEnableVertexAttribArray(1)
        glVertexAttribPointer(
            1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
            UnsafeRawPointer(bitPattern: 2 * MemoryLayout<Float>.size))
        glBindVertexArray(0)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        upload(fontTexture, font.rgba, width: font.width, height: font.height)
    }

    /// Forgets every GL object without deleting it: its context was lost (Android's EGL context loss), and in the
    /// new context the same names may belong to others. Never used again after this.
    public func abandon() {
        isAbandoned = true
        surfaces = nil
    }

    deinit {
        guard !isAbandoned else { return }
        var buffers = [vertexBuffer]
        var arrays = [vertexArray]
        var textures = [fontTexture, pictureTexture]
        glDeleteBuffers(1, &buffers)
        glDeleteVertexArrays(1, &arrays)
        glDeleteTextures(2, &textures)
        glDeleteProgram(program)
        surfaces?.delete()
    }

    /// Uploads `picture` as the app's picture the `.picture` shapes show (nil: they show black).
    public func setPicture(_ picture: Image?) {
        guard let picture, picture.pixels.count == picture.width * picture.height * 4, picture.width > 0 else {
            pictureSize = (0, 0)
            return
        }
        upload(pictureTexture, picture.pixels, width: picture.width, height: picture.height)
        pictureSize = (picture.width, picture.height)
        isPictureBottomUp = false
    }

    /// Takes the app's picture from the bound read framebuffer's `width` x `height` pixels at its lower-left corner,
    /// without a trip through the CPU (a window's frame, just blitted there by the app's renderer).
    public func copyPicture(width: Int, height: Int) {
        guard width > 0, height > 0 else {
            pictureSize = (0, 0)
            return
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), pictureTexture)
        glCopyTexImage2D(GLenum(GL_TEXTURE_2D), 0, GLenum(GL_RGBA8), 0, 0, GLsizei(width), GLsizei(height), 0)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        pictureSize = (width, height)
        isPictureBottomUp = true
    }

    /// Forgets the picture: `.picture` shapes show black until the next one.
    public func clearPicture() { pictureSize = (0, 0) }

    /// `picture` full screen with `shapes` over it, drawn in the compositor's own framebuffer of the picture's size
    /// (or `width` x `height` without a picture) and read back: RGBA8, top row first. What a capture shows.
    public func compose(_ shapes: [PhoneShape], over picture: Image?, width: Int, height: Int) -> [UInt8] {
        let size = picture.map { ($0.width, $0.height) } ?? (width, height)
        if surfaces?.width != size.0 || surfaces?.height != size.1 {
            surfaces?.delete()
            surfaces = OffscreenSurfaces.make(width: size.0, height: size.1)
        }
        guard let surfaces else { return [] }
        setPicture(picture)
        surfaces.bind()
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        let full = PhoneRect(x: 0, y: 0, width: Float(size.0), height: Float(size.1))
        let backdrop: [PhoneShape] = picture == nil ? [] : [.picture(full, brightness: 1, radius: 0)]
        draw(backdrop + shapes, width: size.0, height: size.1)
        let pixels = surfaces.readPixels()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        return pixels
    }

    /// Draws `shapes` into the bound framebuffer, in the viewport the caller set, `width` x `height` pixels.
    public func draw(_ shapes: [PhoneShape], width: Int, height: Int) {
        guard !shapes.isEmpty, width > 0, height > 0 else { return }
        var vertices: [Float] = []
        var ranges: [(first: Int, count: Int)] = []
        for shape in shapes {
            let first = vertices.count / 4
            Self.appendVertices(of: shape, pictureBottomUp: isPictureBottomUp, to: &vertices)
            ranges.append((first, vertices.count / 4 - first))
        }
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glEnable(GLenum(GL_BLEND))
        // Colour blends over; alpha accumulates coverage, so an opaque frame stays opaque.
        glBlendFuncSeparate(
            GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glUseProgram(program)
        glUniform2f(uniforms["viewSize"]!, Float(width), Float(height))
        glUniform1i(uniforms["image"]!, 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        vertices.withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr($0.count), $0.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        for (shape, range) in zip(shapes, ranges) where range.count > 0 {
            setUniforms(for: shape)
            glDrawArrays(GLenum(GL_TRIANGLES), GLint(range.first), GLsizei(range.count))
            drawCalls += 1
        }
        glBindVertexArray(0)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        glUseProgram(0)
        glDisable(GLenum(GL_BLEND))
    }

    private func setUniforms(for shape: PhoneShape) {
        switch shape {
        case .box(let rect, let top, let bottom, let radius):
            set(mode: 0, rect: rect, radius: radius, top: top, bottom: bottom)
        case .picture(let rect, let brightness, let radius):
            let tint = PhoneColor(brightness, brightness, brightness, pictureSize.width > 0 ? 1 : 0)
            set(mode: pictureSize.width > 0 ? 1 : 0, rect: rect, radius: radius, top: tint, bottom: tint)
            if pictureSize.width == 0 { set(mode: 0, rect: rect, radius: radius, top: .black(), bottom: .black()) }
            glBindTexture(GLenum(GL_TEXTURE_2D), pictureTexture)
        case .text(_, _, _, _, let color):
            set(mode: 2, rect: PhoneRect(x: 0, y: 0, width: 1, height: 1), radius: 0, top: color, bottom: color)
            glBindTexture(GLenum(GL_TEXTURE_2D), fontTexture)
        }
    }

    private func set(mode: Int32, rect: PhoneRect, radius: Float, top: PhoneColor, bottom: PhoneColor) {
        glUniform1i(uniforms["mode"]!, mode)
        glUniform4f(uniforms["rect"]!, rect.x, rect.y, rect.width, rect.height)
        glUniform1f(uniforms["radius"]!, min(radius, min(rect.width, rect.height) / 2))
        glUniform4f(uniforms["topColor"]!, top.red, top.green, top.blue, top.alpha)
        glUniform4f(uniforms["bottomColor"]!, bottom.red, bottom.green, bottom.blue, bottom.alpha)
    }

    /// Two triangles per box or picture, two per glyph: x, y (pixels), u, v.
    static func appendVertices(of shape: PhoneShape, pictureBottomUp: Bool = false, to vertices: inout [Float]) {
        switch shape {
        case .box(let rect, _, _, _):
            quad(rect, u0: 0, v0: 0, u1: 1, v1: 1, to: &vertices)
        case .picture(let rect, _, _):
            quad(rect, u0: 0, v0: pictureBottomUp ? 1 : 0, u1: 1, v1: pictureBottomUp ? 0 : 1, to: &vertices)
        case .text(let text, let x, let y, let scale, _):
            let side = Float(8 * scale)
            for (index, character) in text.enumerated() where character != " " {
                let slot = PhoneFont.slot(of: character)
                let rect = PhoneRect(x: x + Float(index) * side, y: y, width: side, height: side)
                quad(
                    rect, u0: Float(slot.x) / 128, v0: Float(slot.y) / 48, u1: Float(slot.x + 8) / 128,
                    v1: Float(slot.y + 8) / 48, to: &vertices)
            }
        }
    }

    private static func quad(
        _ rect: PhoneRect, u0: Float, v0: Float, u1: Float, v1: Float, to vertices: inout [Float]
    ) {
        let (x0, y0, x1, y1) = (rect.x, rect.y, rect.x + rect.width, rect.y + rect.height)
        vertices += [x0, y0, u0, v0, x1, y0, u1, v0, x1, y1, u1, v1]
        vertices += [x0, y0, u0, v0, x1, y1, u1, v1, x0, y1, u0, v1]
    }

    private func upload(_ texture: GLuint, _ rgba: [UInt8], width: Int, height: Int) {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), rgba)
        let filter = texture == fontTexture ? GL_NEAREST : GL_LINEAR
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
    }

    static let vertexSource = """
        #version 330 core
        layout(location = 0) in vec2 position; // pixels, top-left origin, y down
        layout(location = 1) in vec2 texcoord;
        uniform vec2 viewSize;
        out vec2 pixel;
        out vec2 uv;
        void main() {
            pixel = position;
            uv = texcoord;
            gl_Position = vec4(position.x / viewSize.x * 2.0 - 1.0, 1.0 - position.y / viewSize.y * 2.0, 0.0, 1.0);
        }
        """

    static let fragmentSource = """
        #version 330 core
        in vec2 pixel;
        in vec2 uv;
        out vec4 color;
        uniform int mode;          // 0 box, 1 picture, 2 text
        uniform vec4 rect;         // x, y, width, height in pixels
        uniform float radius;      // corner radius in pixels
        uniform vec4 topColor;
        uniform vec4 bottomColor;
        uniform sampler2D image;
        void main() {
            if (mode == 2) {
                color = vec4(topColor.rgb, topColor.a * texture(image, uv).a);
                return;
            }
            vec2 halfSize = rect.zw * 0.5;
            vec2 q = abs(pixel - (rect.xy + halfSize)) - halfSize + vec2(radius);
            float distance = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
            float cover = clamp(0.5 - distance, 0.0, 1.0);
            float along = clamp((pixel.y - rect.y) / max(rect.w, 1.0), 0.0, 1.0);
            vec4 tint = mix(topColor, bottomColor, along);
            if (mode == 1) {
                tint = vec4(texture(image, uv).rgb * tint.rgb, tint.a);
            }
            color = vec4(tint.rgb, tint.a * cover);
        }
        """
}
