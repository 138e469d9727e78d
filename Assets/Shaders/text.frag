#version 330 core
// text.frag: keeps the glyph's lit texels in the text colour and discards the rest.

in vec2 glyphCoordinate;
in vec4 glyphColor;

uniform sampler2D font;  // R8 atlas: 255 where a glyph pixel is lit

out vec4 fragmentColor;

void main() {
    if (texture(font, glyphCoordinate).r < 0.5) {
        discard;
    }
    fragmentColor = glyphColor;
}
