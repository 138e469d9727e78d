#version 330 core
// screen.vert: the 2D layer (weapon, muzzle flash, status bar, crosshair, HUD, overlay, tints), given in pixels
// with the origin top-left; every quad samples a texture (a white texel for solid rectangles).

layout(location = 0) in vec2 position;
layout(location = 1) in vec2 textureCoordinate;
layout(location = 2) in vec4 color;

uniform vec2 screenSize;  // pixels

out vec2 quadCoordinate;
out vec4 quadColor;

void main() {
    quadCoordinate = textureCoordinate;
    quadColor = color;
    gl_Position = vec4(position.x / screenSize.x * 2.0 - 1.0, 1.0 - position.y / screenSize.y * 2.0, 0.0, 1.0);
}
