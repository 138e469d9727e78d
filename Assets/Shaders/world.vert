#version 330 core
// world.vert: level geometry and sprite boxes. Passes the world position, normal and colour to world.frag.

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec3 color;

uniform mat4 viewProjection;
uniform mat4 model;
uniform vec3 baseColor;  // multiplies the vertex colour: white for the level, the sprite's colour for boxes

out vec3 worldPosition;
out vec3 surfaceNormal;
out vec3 surfaceColor;

void main() {
    vec4 world = model * vec4(position, 1.0);
    worldPosition = world.xyz;
    // Models are rotations and uniform scales, so mat3(model) keeps normals perpendicular.
    surfaceNormal = mat3(model) * normal;
    surfaceColor = color * baseColor;
    gl_Position = viewProjection * world;
}
