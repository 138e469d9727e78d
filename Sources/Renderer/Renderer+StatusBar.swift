// Renderer+StatusBar: the session's bottom status bar (health, ammo, score, level, time in large digits of
// the bitmap font, each under a small label, on a dark metal strip), the crosshair at the centre of the view
// (red, with diagonal ticks, when the last shot hit).

import GameCore
import Runtime

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

    /// One line of text in the status bar: where its top-left corner goes, its glyph scale and colour.
    struct StatusText {
        let text: String
        let x: Float
        let y: Float
        let scale: Int
        let color: Color
    }

    /// The left edge and width of each section of the bar on a frame `width` pixels wide.
    static func statusSectionFrames(width: Int) -> [(left: Float, width: Float)] {
        var left: Float = 0
        return statusSections.map { section in
            let sectionWidth = (Float(width) * section.share).rounded()
            defer { left += sectionWidth }
            return (left, sectionWidth)
        }
    }

    /// The labels and numbers of `bar`, centred in their sections; numbers shrink (down to 1x) when they would
    /// not fit, staying on the same baseline.
    static func statusTextPlacements(_ bar: StatusBar, width: Int, height: Int) -> [StatusText] {
        let layout = statusBarLayout(width: width, height: height)
        let colors = statusBarColors
        let top = Float(height - layout.barHeight)
        let padding = Float(layout.digitScale)
        var placed: [StatusText] = []
        for (index, (frame, text)) in zip(statusSectionFrames(width: width), statusTexts(bar)).enumerated() {
            let label = statusSections[index].label
            let labelWidth = Float(ScreenBatch.width(of: label, scale: layout.labelScale))
            placed.append(
                StatusText(
                    text: label, x: (frame.left + (frame.width - labelWidth) / 2).rounded(), y: top + padding,
                    scale: layout.labelScale, color: colors.label))
            let fitting = Int(frame.width - padding) / max(1, ScreenBatch.width(of: text, scale: 1))
            let scale = max(1, min(layout.digitScale, fitting))
            let textWidth = Float(ScreenBatch.width(of: text, scale: scale))
            let digitsTop = top + 2 * padding + Float(8 * layout.labelScale) + Float(8 * (layout.digitScale - scale))
            let isDanger = index == 0 && bar.health < lowHealth
            placed.append(
                StatusText(
                    text: text, x: (frame.left + (frame.width - textWidth) / 2).rounded(), y: digitsTop, scale: scale,
                    color: isDanger ? colors.danger : colors.digits))
        }
        return placed
    }

    /// Adds the status bar across the bottom of the frame to `batch`: all its rectangles, then all its text, so
    /// it costs two draw calls.
    static func addStatusBar(_ bar: StatusBar, width: Int, height: Int, to batch: inout ScreenBatch) {
        let layout = Self.statusBarLayout(width: width, height: height)
        let colors = Self.statusBarColors
        let top = Float(height - layout.barHeight)
        let line = max(1, Float(layout.digitScale / 2))
        batch.rectangle(
            x: 0, y: top, width: Float(width), height: Float(layout.barHeight), color: colors.strip, alpha: 1)
        batch.rectangle(x: 0, y: top, width: Float(width), height: line, color: colors.edge, alpha: 1)
        for frame in Self.statusSectionFrames(width: width).dropFirst() {
            batch.rectangle(
                x: frame.left, y: top + 2 * line, width: line, height: Float(layout.barHeight) - 2 * line,
                color: colors.separator, alpha: 1)
        }
        for placed in Self.statusTextPlacements(bar, width: width, height: height) {
            batch.text(placed.text, x: placed.x, y: placed.y, scale: placed.scale, color: placed.color)
        }
    }

    /// Adds the crosshair at the frame's centre (where shots go): four short arms, and with `hit` red with
    /// four diagonal ticks.
    static func addCrosshair(hit: Bool, width: Int, height: Int, to batch: inout ScreenBatch) {
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
