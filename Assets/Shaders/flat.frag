#version 330 core
// flat.frag: the rectangle's colour, blended by its alpha.

in vec4 fillColor;

out vec4 fragmentColor;

void main() {
    fragmentColor = fillColor;
}
