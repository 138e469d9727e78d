// ShaderProgram: a linked GL program and the locations of its uniforms, looked up once at link time.

import CGL

/// A linked program with its uniform locations by name.
struct ShaderProgram {
    let name: String  // e.g. "world", for error messages
    let program: GLuint
    let uniforms: [String: GLint]  // -1 when the linker dropped an unused uniform

    /// The location of `uniform`, or -1 (which GL ignores) when unknown.
    func location(_ uniform: String) -> GLint { uniforms[uniform] ?? -1 }

    /// Makes this the current program.
    func use() { glUseProgram(program) }

    /// Sets a mat4 uniform.
    func set(_ uniform: String, _ matrix: Matrix) {
        glUniformMatrix4fv(location(uniform), 1, GLboolean(GL_FALSE), matrix.elements)
    }

    /// Sets a vec2 uniform.
    func set(_ uniform: String, _ x: Float, _ y: Float) { glUniform2f(location(uniform), x, y) }

    /// Sets a vec3 uniform.
    func set(_ uniform: String, _ x: Float, _ y: Float, _ z: Float) { glUniform3f(location(uniform), x, y, z) }

    /// Sets a float uniform.
    func set(_ uniform: String, _ value: Float) { glUniform1f(location(uniform), value) }

    /// Sets an int (sampler unit) uniform.
    func set(_ uniform: String, unit: GLint) { glUniform1i(location(uniform), unit) }
}
