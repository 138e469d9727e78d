// Renderer+StatusBar: the session's bottom status bar (health, ammo, score, level, time in large digits of
// the bitmap font, each under a small label, on a dark metal strip), the crosshair at the centre of the view
// (red, with diagonal ticks, when the last shot hit).

import GameCore

extension Renderer {
    /// The status bar's colours: strip, its lit top edge, separators, labels, digits, low health.
    static let statusBarColors = (
        strip: Color(0.09, 0.10, 0.13), edge: Color(0.36, 0.40, 0.48), separator: Color(0.03, 0.03, 0.05),
        label: Color(0.55, 0.62, 0.70), digits: Color(1, 0.74, 0.2), danger: Color(1, 0.22, 0.16)
    )
    /// Health below this draws in the danger colour.
    static let lowHealth = 25
    /// The sections of the bar, left to right, and their share of its width.
    static let statusSections: [(label: String, share: Float)] = [
        ("HEALTH", 0.18), ("AMMO", 0.17), ("SCORE", 0.29), ("LEVEL", 0.14), ("TIME", 0.22),
    ]

    /// The bar's height and glyph scales on a `width` x `height` frame: digits at height / 120 (at least 2,
    /// so 16 pixels on a 180-pixel frame), labels at a third of that (at least 1).
    static func statusBarLayout(width: Int, height: Int) -> (barHeight: Int, digitScale: Int, labelScale: Int) {
        let digitScale = max(2, height / 120)
        let labelScale = max(1, digitScale / 3)
        let padding = digitScale
        let barHeight = 8 * labelScale + 8 * digitScale + 3 * padding
        return (barHeight, digitScale, labelScale)
    }

    /// The texts of the bar's sections, in `statusSections` order; time as m:ss.
    static func statusTexts(_ bar: StatusBar) -> [String] {
        let seconds = max(bar.seconds, 0)
        let time = "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
        return ["\(bar.health)", "\(bar.ammo)", "\(bar.score)", "\(bar.level)", time]
    }

    /// Adds the status bar across the bottom of the frame to `batch`.
    func addStatusBar(_ bar: StatusBar, width: Int, height: Int, to batch: inout ScreenBatch) {
        let layout = Self.statusBarLayout(width: width, height: height)
        let colors = Self.statusBarColors
        let top = Float(height - layout.barHeight)
        let padding = Float(layout.digitScale)
        batch.rectangle(
            x: 0, y: top, width: Float(width), height: Float(layout.barHeight), color: colors.strip, alpha: 1)
        batch.rectangle(x: 0, y: top, width: Float(width), height: max(1, padding / 2), color: colors.edge, alpha: 1)
        let texts = Self.statusTexts(bar)
        var left: Float = 0
        for (index, section) in Self.statusSections.enumerated() {
            let sectionWidth = (Float(width) * section.share).rounded()
            if index > 0 {
                batch.rectangle(
                    x: left, y: top + padding, width: max(1, padding / 2), height: Float(layout.barHeight) - padding,
                    color: colors.separator, alpha: 1)
            }
            let labelWidth = Float(ScreenBatch.width(of: section.label, scale: layout.labelScale))
            batch.text(
                section.label, x: (left + (sectionWidth - labelWidth) / 2).rounded(), y: top + padding,
                scale: layout.labelScale, color: colors.label)
            let text = texts[index]
            // Digits shrink (down to 1x) when a long number would not fit its section.
            let fitting = Int(sectionWidth - padding) / max(1, ScreenBatch.width(of: text, scale: 1))
            let scale = max(1, min(layout.digitScale, fitting))
            let textWidth = Float(ScreenBatch.width(of: text, scale: scale))
            let digitsTop = top + 2 * padding + Float(8 * layout.labelScale) + Float(8 * (layout.digitScale - scale))
            let isDanger = index == 0 && bar.health < Self.lowHealth
            batch.text(
                text, x: (left + (sectionWidth - textWidth) / 2).rounded(), y: digitsTop, scale: scale,
                color: isDanger ? colors.danger : colors.digits)
            left += sectionWidth
        }
    }

    /// Adds the crosshair at the frame's centre (where shots go): four short arms, and with `hit` red with
    /// four diagonal ticks.
    func addCrosshair(hit: Bool, width: Int, height: Int, to batch: inout ScreenBatch) {
        let thickness = Float(max(1, height / 240))
        let arm = 3 * thickness + 2
        let gap = 2 * thickness + 1
        let centreX = Float(width / 2)
        let centreY = Float(height / 2)
        let color = hit ? Color(1, 0.2, 0.15) : Color(0.85, 1, 0.85)
        let half = (thickness / 2).rounded(.down)
        for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] as [(Float, Float)] {
            let x = dx == 0 ? centreX - half : (dx < 0 ? centreX - gap - arm : centreX + gap)
            let y = dy == 0 ? centreY - half : (dy < 0 ? centreY - gap - arm : centreY + gap)
            batch.rectangle(
                x: x, y: y, width: dx == 0 ? thickness : arm, height: dy == 0 ? thickness : arm, color: color,
                alpha: 0.9)
        }
        guard hit else { return }
        for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] as [(Float, Float)] {
            for step in 0..<3 {
                let offset = gap + arm / 2 + Float(step) * thickness
                batch.rectangle(
                    x: centreX + dx * offset - half, y: centreY + dy * offset - half, width: thickness,
                    height: thickness, color: color, alpha: 1)
            }
        }
    }
}
