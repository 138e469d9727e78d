// Renderer+Screen: the 2D layer over the 3D view: the tint, the HUD lines top-left on a dark backing
// (font at 1x below 1000 pixels wide, 2x from there) and the overlay (e.g. "PAUSED") centred in large letters
// (4x, smaller if it would not fit).

import CGL
import GameCore

extension Renderer {
    static let tintAlpha: Float = 0.5  // opacity of the full-screen tint
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

    /// Builds the R8 font atlas texture (nearest filtering) from `font`.
    static func uploadFontTexture(_ font: BitmapFont, _ statistics: inout RendererStatistics) -> GLuint {
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        let texels = font.atlas()
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(BitmapFont.atlasWidth), GLsizei(BitmapFont.atlasHeight), 0,
            GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), texels)
        for (parameter, value) in [
            (GL_TEXTURE_MIN_FILTER, GL_NEAREST), (GL_TEXTURE_MAG_FILTER, GL_NEAREST),
            (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE),
        ] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), value)
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        statistics.textureUploads += 1
        return texture
    }

    /// Draws the tint, HUD and overlay of `scene` over the bound framebuffer, blended, without depth.
    func drawScreen(_ scene: Scene, width: Int, height: Int) {
        var batch = ScreenBatch()
        if let tint = scene.tint {
            batch.rectangle(
                x: 0, y: 0, width: Float(width), height: Float(height), color: tint, alpha: Self.tintAlpha)
        }
        addHUD(scene.hud, scale: Self.hudScale(width: width), to: &batch)
        if let overlay = scene.overlay { addOverlay(overlay, width: width, height: height, to: &batch) }
        guard !batch.isEmpty else { return }
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        flat.use()
        flat.set("screenSize", Float(width), Float(height))
        flatBatch.upload(batch.flatVertices)
        flatBatch.draw()
        text.use()
        text.set("screenSize", Float(width), Float(height))
        text.set("font", unit: 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), fontTexture)
        textBatch.upload(batch.textVertices)
        textBatch.draw()
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        glDisable(GLenum(GL_BLEND))
    }

    private func addHUD(_ lines: [String], scale: Int, to batch: inout ScreenBatch) {
        guard !lines.isEmpty else { return }
        let widest = lines.map { ScreenBatch.width(of: $0, scale: scale) }.max() ?? 0
        let spacing = Float(Self.hudLineSpacing * scale)
        let lineHeight = Float(ScreenBatch.glyphSize * scale) + spacing
        let padding: Float = 4
        batch.rectangle(
            x: Self.hudMargin - padding, y: Self.hudMargin - padding, width: Float(widest) + 2 * padding,
            height: Float(lines.count) * lineHeight - spacing + 2 * padding, color: Self.backingColor, alpha: 0.55)
        for (index, line) in lines.enumerated() {
            let top = Self.hudMargin + Float(index) * lineHeight
            batch.text(line, x: Self.hudMargin, y: top, scale: scale, color: Self.hudTextColor)
        }
    }

    private func addOverlay(_ overlay: String, width: Int, height: Int, to batch: inout ScreenBatch) {
        let lines = overlay.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let widest = lines.map { ScreenBatch.width(of: $0, scale: 1) }.max() ?? 0
        // The largest scale up to overlayScale at which the widest line fits with a margin.
        let fitting = widest > 0 ? (width - 32) / widest : Self.overlayScale
        let scale = max(1, min(Self.overlayScale, fitting))
        let lineHeight = Float(ScreenBatch.glyphSize * scale) * 1.25
        let inkHeight = lineHeight * Float(lines.count - 1) + Float(ScreenBatch.glyphSize * scale)
        let top = (Float(height) - inkHeight) / 2
        let padding = Float(4 * scale)
        batch.rectangle(
            x: 0, y: top - padding, width: Float(width), height: inkHeight + 2 * padding, color: Self.backingColor,
            alpha: 0.6)
        for (index, line) in lines.enumerated() {
            let lineWidth = Float(ScreenBatch.width(of: line, scale: scale))
            let left = ((Float(width) - lineWidth) / 2).rounded(.down)
            let lineTop = (top + Float(index) * lineHeight).rounded(.down)
            let shadow = Float(scale / 2)
            batch.text(line, x: left + shadow, y: lineTop + shadow, scale: scale, color: Self.backingColor)
            batch.text(line, x: left, y: lineTop, scale: scale, color: Self.overlayTextColor)
        }
    }
}
