#version 330 core
// text.vert: bitmap-font glyph quads given in pixels, origin top-left, with their place in the font atlas.

layout(location = 0) in vec2 position;
layout(location = 1) in vec2 atlasCoordinate;
layout(location = 2) in vec4 color;

uniform vec2 screenSize;  // pixels

out vec2 glyphCoordinate;
out vec4 glyphColor;

void main() {
    glyphCoordinate = atlasCoordinate;
    glyphColor = color;
    gl_Position = vec4(position.x / screenSize.x * 2.0 - 1.0, 1.0 - position.y / screenSize.y * 2.0, 0.0, 1.0);
}
