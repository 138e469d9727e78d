#version 330 core
// sprite.frag: alpha-tested (discard), so sprites need no sorting; lit by ambient and the eye lamp as the
// walls are (a billboard always faces the eye), whitened by the hit flash, then fogged.

in vec3 worldPosition;
in vec2 spriteCoordinate;
in vec4 spriteTint;

uniform sampler2D image;  // the sprite kind's RGBA texture; alpha 0 around the figure
uniform vec3 cameraPosition;
uniform vec3 fogColor;
uniform vec2 fogRange;

out vec4 fragmentColor;

const float ambient = 0.35;
const float lampStrength = 1.1;

void main() {
    vec4 texel = texture(image, spriteCoordinate);
    if (texel.a < 0.5) {
        discard;
    }
    float eyeDistance = length(cameraPosition - worldPosition);
    float lamp = 1.0 / (1.0 + 0.25 * eyeDistance + 0.07 * eyeDistance * eyeDistance);
    vec3 lit = texel.rgb * spriteTint.rgb * (ambient + lampStrength * lamp);
    lit = mix(lit, vec3(1.0), clamp(spriteTint.a, 0.0, 1.0));
    float fog = clamp((eyeDistance - fogRange.x) / (fogRange.y - fogRange.x), 0.0, 1.0);
    fragmentColor = vec4(mix(lit, fogColor, fog), 1.0);
}
