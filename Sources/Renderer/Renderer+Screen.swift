// Renderer+Screen: the 2D layer over the 3D view, in drawing order: the weapon (Renderer+Weapon), the damage
// flash, the tint, the crosshair and the status bar (Renderer+StatusBar), the HUD lines top-left on a dark
// backing (font at 1x below 1000 pixels wide, 2x from there) and the overlay (e.g. "PAUSED") centred in large
// letters (4x, smaller if it would not fit).

import CGL
import GameCore
import Runtime

extension Renderer {
    static let tintAlpha: Float = 0.5  // opacity of the full-screen tint
    static let damageColor = Color(0.85, 0.05, 0.02)  // the red flash when the player is hurt
    static let damageAlpha: Float = 0.5  // its opacity at `Scene.damage` 1
    static let hudWideFrame = 1000  // pixels; frames at least this wide draw the HUD at 2x, narrower ones at 1x
    static let hudMargin: Float = 6  // pixels from the top-left corner to the first glyph
    static let hudLineSpacing = 2  // pixels between HUD lines at 1x, scaled with the glyphs
    static let overlayScale = 4  // overlay glyphs are 32 pixels square, or smaller if a line would not fit
    static let hudTextColor = Color(0.92, 0.95, 0.88)
    static let overlayTextColor = Color(1, 0.88, 0.35)
    static let backingColor = Color(0, 0, 0)  // behind the HUD and overlay, and the overlay's shadow

    /// The HUD's glyph scale on a frame `width` pixels wide: 1 (8-pixel glyphs, so a 640-pixel frame holds about 78
    /// characters a line) below `hudWideFrame`, 2 from there.
    static func hudScale(width: Int) -> Int { width < hudWideFrame ? 1 : 2 }

    /// The font atlas as the renderer uploads it (texture `<font>`): white texels where a glyph is lit, alpha 0
    /// elsewhere; sampled without mipmaps, nearest. Throws `BitmapFont.ParseError` for malformed font text.
    public static func fontAtlasImage(fontText: String) throws -> TextureImage {
        fontAtlasImage(try BitmapFont(parsing: fontText))
    }

    static func fontAtlasImage(_ font: BitmapFont) -> TextureImage {
        let coverage = font.atlas()
        var texels = [UInt8](repeating: 255, count: coverage.count * 4)
        for (index, value) in coverage.enumerated() { texels[index * 4 + 3] = value }
        return TextureImage(name: "<font>", width: BitmapFont.atlasWidth, height: BitmapFont.atlasHeight, rgba: texels)
    }

    /// Uploads the font atlas texture (nearest filtering, no mipmaps).
    static func uploadFontTexture(_ font: BitmapFont) -> GLuint {
        let image = fontAtlasImage(font)
        return TextureLibrary.upload(
            width: image.width, height: image.height, rgba: image.rgba, repeats: false, mipmapped: false)
    }

    /// Draws the 2D layer of `scene` over the bound framebuffer, blended, without depth, in one program and
    /// one upload: weapon and muzzle flash, damage flash, tint, crosshair, status bar, HUD, overlay.
    /// Returns the draw calls issued (one per run of quads sharing a texture).
    func drawScreen(_ scene: Scene, width: Int, height: Int) -> Int {
        screenBatch.removeAll()
        Self.layOutScreen(scene, width: width, height: height, into: &screenBatch)
        guard !screenBatch.isEmpty else { return 0 }
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        screen.use()
        screen.set("screenSize", Float(width), Float(height))
        screen.set("image", unit: 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        screenMesh.upload(screenBatch.vertices)
        screenMesh.bind()
        for run in screenBatch.runs {
            glBindTexture(GLenum(GL_TEXTURE_2D), texture(for: run.source))
            screenMesh.drawRange(first: run.first, count: run.count)
        }
        glBindVertexArray(0)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        glDisable(GLenum(GL_BLEND))
        return screenBatch.runs.count
    }

    /// Fills `batch` with the 2D layer of `scene` on a `width` x `height` frame, in drawing order. Pure: no GL.
    static func layOutScreen(_ scene: Scene, width: Int, height: Int, into batch: inout ScreenBatch) {
        let barHeight = scene.statusBar == nil ? 0 : statusBarLayout(width: width, height: height).barHeight
        if let weapon = scene.weapon { addWeapon(weapon, width: width, viewHeight: height - barHeight, to: &batch) }
        if scene.damage > 0 {
            batch.rectangle(
                x: 0, y: 0, width: Float(width), height: Float(height), color: damageColor,
                alpha: damageAlpha * min(scene.damage, 1))
        }
        if let tint = scene.tint {
            batch.rectangle(x: 0, y: 0, width: Float(width), height: Float(height), color: tint, alpha: tintAlpha)
        }
        if scene.crosshair { addCrosshair(hit: scene.hitMarker, width: width, height: height, to: &batch) }
        if let bar = scene.statusBar { addStatusBar(bar, width: width, height: height, to: &batch) }
        addHUD(scene.hud, scale: hudScale(width: width), to: &batch)
        if let overlay = scene.overlay { addOverlay(overlay, width: width, height: height, to: &batch) }
    }

    private func texture(for source: ScreenBatch.Source) -> GLuint {
        switch source {
        case .white: return textures.white
        case .font: return fontTexture
        case .named(let name): return textures.texture(named: name)
        }
    }

    private static func addHUD(_ lines: [String], scale: Int, to batch: inout ScreenBatch) {
        guard !lines.isEmpty else { return }
        let widest = lines.map { ScreenBatch.width(of: $0, scale: scale) }.max() ?? 0
        let spacing = Float(hudLineSpacing * scale)
        let lineHeight = Float(ScreenBatch.glyphSize * scale) + spacing
        let padding: Float = 4
        batch.rectangle(
            x: hudMargin - padding, y: hudMargin - padding, width: Float(widest) + 2 * padding,
            height: Float(lines.count) * lineHeight - spacing + 2 * padding, color: backingColor, alpha: 0.55)
        for (index, line) in lines.enumerated() {
            let top = hudMargin + Float(index) * lineHeight
            batch.text(line, x: hudMargin, y: top, scale: scale, color: hudTextColor)
        }
    }

    private static func addOverlay(_ overlay: String, width: Int, height: Int, to batch: inout ScreenBatch) {
        let lines = overlay.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let widest = lines.map { ScreenBatch.width(of: $0, scale: 1) }.max() ?? 0
        // The largest scale up to overlayScale at which the widest line fits with a margin.
        let fitting = widest > 0 ? (width - 32) / widest : overlayScale
        let scale = max(1, min(overlayScale, fitting))
        let lineHeight = Float(ScreenBatch.glyphSize * scale) * 1.25
        let inkHeight = lineHeight * Float(lines.count - 1) + Float(ScreenBatch.glyphSize * scale)
        let top = (Float(height) - inkHeight) / 2
        let padding = Float(4 * scale)
        batch.rectangle(
            x: 0, y: top - padding, width: Float(width), height: inkHeight + 2 * padding, color: backingColor,
            alpha: 0.6)
        for (index, line) in lines.enumerated() {
            let lineWidth = Float(ScreenBatch.width(of: line, scale: scale))
            let left = ((Float(width) - lineWidth) / 2).rounded(.down)
            let lineTop = (top + Float(index) * lineHeight).rounded(.down)
            let shadow = Float(scale / 2)
            batch.text(line, x: left + shadow, y: lineTop + shadow, scale: scale, color: backingColor)
            batch.text(line, x: left, y: lineTop, scale: scale, color: overlayTextColor)
        }
    }
}
