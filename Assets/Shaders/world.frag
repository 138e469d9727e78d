#version 330 core
// world.frag: the texture's colour times the baked shade, lit by ambient + directional light + a lamp at the
// eye that fades with distance, then distance fog.

in vec3 worldPosition;
in vec3 surfaceNormal;
in vec2 surfaceCoordinate;
in vec3 surfaceShade;

uniform sampler2D image;  // the surface's RGBA texture, mipmapped, repeating
uniform vec3 cameraPosition;
uniform vec3 lightDirection;  // direction the light travels, normalised
uniform vec3 fogColor;
uniform vec2 fogRange;  // start and end distance, world units

out vec4 fragmentColor;

const float ambient = 0.22;
const float sunStrength = 0.38;
const float lampStrength = 1.25;

void main() {
    vec3 normal = normalize(surfaceNormal);
    vec3 toEye = cameraPosition - worldPosition;
    float eyeDistance = length(toEye);
    float sun = max(dot(normal, -lightDirection), 0.0);
    float facing = max(dot(normal, toEye / max(eyeDistance, 0.0001)), 0.0);
    float lamp = facing / (1.0 + 0.25 * eyeDistance + 0.07 * eyeDistance * eyeDistance);
    vec3 color = texture(image, surfaceCoordinate).rgb * surfaceShade;
    vec3 lit = color * (ambient + sunStrength * sun + lampStrength * lamp);
    float fog = clamp((eyeDistance - fogRange.x) / (fogRange.y - fogRange.x), 0.0, 1.0);
    fragmentColor = vec4(mix(lit, fogColor, fog), 1.0);
}
