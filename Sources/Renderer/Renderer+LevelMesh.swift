// Renderer+LevelMesh: the level meshes, built once per level name and kept across backgrounding.

import GameCore

extension Renderer {
    /// The mesh of `level`, built on first use and cached by `level.name`.
    func levelMesh(for level: Level) -> Mesh {
        if let cached = levelMeshes[level.name] { return cached }
        let mesh = Mesh(layout: GeometryBuilder.worldLayout, vertices: GeometryBuilder.level(level))
        levelMeshes[level.name] = mesh
        statistics.meshBuilds += 1
        return mesh
    }
}
