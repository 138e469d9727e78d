#version 330 core
// world.frag: ambient + directional light + a lamp at the eye that fades with distance, then distance fog.
// With detail on (the level), darker seams mark the cell edges on floor, ceiling and walls.

in vec3 worldPosition;
in vec3 surfaceNormal;
in vec3 surfaceColor;

uniform vec3 cameraPosition;
uniform vec3 lightDirection;  // direction the light travels, normalised
uniform vec3 fogColor;
uniform vec2 fogRange;  // start and end distance, world units
uniform float detail;  // 1 draws cell seams, 0 does not

out vec4 fragmentColor;

const float ambient = 0.18;
const float sunStrength = 0.38;
const float lampStrength = 1.05;

void main() {
    vec3 normal = normalize(surfaceNormal);
    vec3 toEye = cameraPosition - worldPosition;
    float eyeDistance = length(toEye);
    float sun = max(dot(normal, -lightDirection), 0.0);
    float facing = max(dot(normal, toEye / max(eyeDistance, 0.0001)), 0.0);
    float lamp = facing / (1.0 + 0.25 * eyeDistance + 0.07 * eyeDistance * eyeDistance);
    vec3 color = surfaceColor;
    if (detail > 0.5) {
        // Floor and ceiling use x and z; walls use their horizontal coordinate and height.
        vec2 onWall = vec2(worldPosition.x + worldPosition.z, worldPosition.y);
        vec2 onSurface = abs(normal.y) > 0.5 ? worldPosition.xz : onWall;
        vec2 fromEdge = min(fract(onSurface), 1.0 - fract(onSurface));
        float seam = 1.0 - smoothstep(0.0, 0.025, min(fromEdge.x, fromEdge.y));
        color *= 1.0 - 0.45 * seam;
    }
    vec3 lit = color * (ambient + sunStrength * sun + lampStrength * lamp);
    float fog = clamp((eyeDistance - fogRange.x) / (fogRange.y - fogRange.x), 0.0, 1.0);
    fragmentColor = vec4(mix(lit, fogColor, fog), 1.0);
}
