// BreakoutRenderer+Shaders: the one shader program (flat-coloured quads in pixels, round ones cut out in the fragment
// shader), compiled and linked once when the renderer is made (GLHost's GLProgram); a failure throws with the driver's
// info log.

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
}
