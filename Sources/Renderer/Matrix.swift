// Matrix: the 4x4 column-major matrices the world shader takes (projection, camera view, model).

import GameCore
import Runtime

/// A 4x4 matrix stored column-major, as `glUniformMatrix4fv` expects with transpose off.
struct Matrix: Equatable {
    var elements: [Float]  // 16 values; element (row, column) at column * 4 + row

    /// The identity matrix.
    static let identity = Matrix(elements: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// The element at `row`, `column`.
    subscript(row: Int, column: Int) -> Float {
        get { elements[column * 4 + row] }
        set { elements[column * 4 + row] = newValue }
    }

    /// The product `left * right` (apply `right` first).
    static func * (left: Matrix, right: Matrix) -> Matrix {
        var product = Matrix(elements: [Float](repeating: 0, count: 16))
        for column in 0..<4 {
            for row in 0..<4 {
                var sum: Float = 0
                for index in 0..<4 { sum += left[row, index] * right[index, column] }
                product[row, column] = sum
            }
        }
        return product
    }

    /// A right-handed perspective projection onto OpenGL clip space (depth -1...1).
    static func perspective(fieldOfViewY: Float, aspect: Float, near: Float, far: Float) -> Matrix {
        let focal = 1 / Trigonometry.tangent(fieldOfViewY / 2)
        var matrix = Matrix(elements: [Float](repeating: 0, count: 16))
        matrix[0, 0] = focal / aspect
        matrix[1, 1] = focal
        matrix[2, 2] = (far + near) / (near - far)
        matrix[3, 2] = -1
        matrix[2, 3] = 2 * far * near / (near - far)
        return matrix
    }

    /// A translation by `offset`.
    static func translation(_ offset: Vec3) -> Matrix {
        var matrix = identity
        matrix[0, 3] = offset.x
        matrix[1, 3] = offset.y
        matrix[2, 3] = offset.z
        return matrix
    }

    /// A uniform scale by `factor`.
    static func scale(_ factor: Float) -> Matrix {
        var matrix = identity
        for axis in 0..<3 { matrix[axis, axis] = factor }
        return matrix
    }

    /// A rotation by `angle` radians about +y (counter-clockwise seen from above).
    static func rotationY(_ angle: Float) -> Matrix {
        let cosine = Trigonometry.cosine(angle)
        let sine = Trigonometry.sine(angle)
        var matrix = identity
        matrix[0, 0] = cosine
        matrix[0, 2] = sine
        matrix[2, 0] = -sine
        matrix[2, 2] = cosine
        return matrix
    }

    /// A rotation by `angle` radians about +x (positive tilts -z towards +y).
    static func rotationX(_ angle: Float) -> Matrix {
        let cosine = Trigonometry.cosine(angle)
        let sine = Trigonometry.sine(angle)
        var matrix = identity
        matrix[1, 1] = cosine
        matrix[1, 2] = -sine
        matrix[2, 1] = sine
        matrix[2, 2] = cosine
        return matrix
    }

    /// The world-to-eye transform of a first-person camera: the inverse of placing the eye at
    /// `camera.position`, turned by yaw about y and then tilted by pitch.
    static func view(_ camera: Camera) -> Matrix {
        let position = camera.position
        return rotationX(-camera.pitch) * rotationY(-camera.yaw)
            * translation(Vec3(-position.x, -position.y, -position.z))
    }
}
