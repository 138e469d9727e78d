#version 330 core
// screen.frag: texel times colour, blended by the colour's alpha; texels under half opacity are discarded
// (glyph background, the transparent parts of the weapon).

in vec2 quadCoordinate;
in vec4 quadColor;

uniform sampler2D image;  // the font atlas (white glyphs on alpha 0), the weapon, the flash, or one white texel

out vec4 fragmentColor;

void main() {
    vec4 texel = texture(image, quadCoordinate);
    if (texel.a < 0.5) {
        discard;
    }
    fragmentColor = vec4(texel.rgb * quadColor.rgb, quadColor.a);
}
