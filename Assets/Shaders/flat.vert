#version 330 core
// flat.vert: translucent rectangles (tint, HUD and overlay backings) given in pixels, origin top-left.

layout(location = 0) in vec2 position;
layout(location = 1) in vec4 color;

uniform vec2 screenSize;  // pixels

out vec4 fillColor;

void main() {
    fillColor = color;
    gl_Position = vec4(position.x / screenSize.x * 2.0 - 1.0, 1.0 - position.y / screenSize.y * 2.0, 0.0, 1.0);
}
