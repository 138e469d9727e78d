// Renderer+LevelMesh: the level's meshes, one per texture, built on the level's first draw and kept across
// backgrounding (only framebuffers are released), with the chunks each frame culls by (LevelChunk.swift).

import CGL
import GameCore
import Runtime

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

/// A level's meshes and the chunks their vertices are laid out by (`chunks[i].ranges[j]` lies in `surfaces[j]`).
struct LevelMeshes {
    let surfaces: [LevelSurface]
    let chunks: [LevelChunk]
}

extension Renderer {
    /// The meshes of `level`, built on first use and cached by name and theme. A theme texture that was not
    /// given resolves to the checker fallback (and is counted as missing).
    func levelSurfaces(for level: Level) -> LevelMeshes {
        let key = LevelKey(name: level.name, theme: level.theme)
        if let cached = levelMeshes[key] { return cached }
        let (groups, chunks) = GeometryBuilder.chunkedLevel(level)
        var built: [LevelSurface] = []
        for group in groups {
            // An empty group (a level without open cells) still gets a mesh, so chunk ranges index surfaces as
            // they index groups; it draws nothing.
            let mesh = Mesh(layout: GeometryBuilder.worldLayout, vertices: group.vertices)
            built.append(LevelSurface(texture: textures.texture(named: group.texture), mesh: mesh))
            statistics.meshBuilds += 1
        }
        let meshes = LevelMeshes(surfaces: built, chunks: chunks)
        levelMeshes[key] = meshes
        return meshes
    }
}
