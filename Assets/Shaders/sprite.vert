#version 330 core
// sprite.vert: camera-facing billboards and flat corpses, built on the CPU in world coordinates each frame.

layout(location = 0) in vec3 position;
layout(location = 1) in vec2 textureCoordinate;
layout(location = 2) in vec4 tint;  // rgb multiplies the texture; a is the white hit flash, 0...1

uniform mat4 viewProjection;

out vec3 worldPosition;
out vec2 spriteCoordinate;
out vec4 spriteTint;

void main() {
    worldPosition = position;
    spriteCoordinate = textureCoordinate;
    spriteTint = tint;
    gl_Position = viewProjection * vec4(position, 1.0);
}
