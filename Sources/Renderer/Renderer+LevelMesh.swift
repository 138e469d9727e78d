// Renderer+LevelMesh: the level's meshes, one per texture, built on the level's first draw and kept across
// backgrounding (only framebuffers are released).

import CGL
import GameCore

/// What identifies a level's meshes: its name and the textures it is drawn with.
struct LevelKey: Hashable {
    let name: String
    let theme: LevelTheme
}

/// One texture's share of a level: the texture and the mesh of every face that uses it.
struct LevelSurface {
    let texture: GLuint
    let mesh: Mesh
}

extension Renderer {
    /// The meshes of `level`, built on first use and cached by name and theme. A theme texture that was not
    /// given resolves to the checker fallback (and is counted as missing).
    func levelSurfaces(for level: Level) -> [LevelSurface] {
        let key = LevelKey(name: level.name, theme: level.theme)
        if let cached = levelMeshes[key] { return cached }
        var built: [LevelSurface] = []
        for group in GeometryBuilder.level(level) where !group.vertices.isEmpty {
            let mesh = Mesh(layout: GeometryBuilder.worldLayout, vertices: group.vertices)
            built.append(LevelSurface(texture: textures.texture(named: group.texture), mesh: mesh))
            statistics.meshBuilds += 1
        }
        levelMeshes[key] = built
        return built
    }
}
