#version 330 core
// world.vert: the level's static geometry, already in world coordinates (one mesh per texture).
// Passes the world position, normal, texture coordinate and baked corner shade to world.frag.

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 textureCoordinate;
layout(location = 3) in vec3 shade;  // per-corner brightness: cell variation and darkened corners

uniform mat4 viewProjection;

out vec3 worldPosition;
out vec3 surfaceNormal;
out vec2 surfaceCoordinate;
out vec3 surfaceShade;

void main() {
    worldPosition = position;
    surfaceNormal = normal;
    surfaceCoordinate = textureCoordinate;
    surfaceShade = shade;
    gl_Position = viewProjection * vec4(position, 1.0);
}
