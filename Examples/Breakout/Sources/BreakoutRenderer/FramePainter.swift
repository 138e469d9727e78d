// FramePainter: a BreakoutScene as quads, back to front, without GL: the field with its bricks, paddle and ball, the
// panel (title, score, lives, level, then every HUD line wrapped to fit: the game's, then the runtime's status
// lines), and the overlay as a translucent band across the field. The renderer draws the list as it comes; tests
// read it directly.

import Breakout

/// Paints scenes into a list of quads for a framebuffer of a given size.
public struct FramePainter {
    /// Where things go.
    public let layout: FrameLayout
    /// The picture so far, back to front.
    public private(set) var quads: [Quad] = []
    /// Pieces of HUD lines (after wrapping) that did not fit in the panel and were left out.
    public private(set) var droppedHUDLines = 0

    /// A painter for a `width` x `height` framebuffer.
    public init(width: Int, height: Int) {
        layout = FrameLayout(width: width, height: height)
    }

    /// The quads of `scene` in a `width` x `height` framebuffer, back to front.
    public static func quads(for scene: BreakoutScene, width: Int, height: Int) -> [Quad] {
        var painter = FramePainter(width: width, height: height)
        painter.paint(scene)
        return painter.quads
    }

    /// Paints `scene` over what is there (start from an empty painter for a whole frame).
    public mutating func paint(_ scene: BreakoutScene) {
        let layout =
            scene.fieldWidth == 320 && scene.fieldHeight == 240
            ? layout
            : FrameLayout(
                width: layout.width, height: layout.height, fieldWidth: scene.fieldWidth,
                fieldHeight: scene.fieldHeight)
        paintField(scene, layout)
        paintPanel(scene, layout)
        paintOverlay(scene.overlay, layout)
    }

    // MARK: The field

    private mutating func paintField(_ scene: BreakoutScene, _ layout: FrameLayout) {
        let field = layout.field
        let border = max(1, layout.margin / 3)
        fill(
            PixelRect(
                x: field.x - border, y: field.y - border, width: field.width + 2 * border,
                height: field.height + 2 * border), Palette.border)
        fill(field, Palette.field)
        for brick in scene.bricks { paintBrick(brick, layout) }
        paintPaddle(scene.paddle, layout)
        let ball = pixels(of: scene.ball, layout)
        quads.append(
            Quad(
                x: Float(ball.x), y: Float(ball.y), width: Float(ball.width), height: Float(ball.height),
                color: Palette.ball, isRound: true))
    }

    private mutating func paintBrick(_ brick: BreakoutScene.Brick, _ layout: FrameLayout) {
        let cell = pixels(of: brick.box, layout)
        let body = PixelRect(x: cell.x + 1, y: cell.y + 1, width: cell.width - 2, height: cell.height - 2)
        guard body.width > 0, body.height > 0 else { return }
        let row = Int(((brick.box.y - Field.wallTop) / Field.brickHeight).rounded())
        let color = Palette.brick(hits: brick.hits, row: row)
        let bevel = max(1, Int(layout.unit.rounded()))
        fill(body, color)
        fill(PixelRect(x: body.x, y: body.y, width: body.width, height: bevel), color.lightened(0.45))
        fill(PixelRect(x: body.x, y: body.maxY - bevel, width: body.width, height: bevel), color.scaled(0.55))
        if brick.hits >= 3 {
            // An armoured brick: a darker plate inside.
            let inset = 3 * bevel
            fill(
                PixelRect(
                    x: body.x + inset, y: body.y + inset, width: body.width - 2 * inset,
                    height: body.height - 2 * inset), color.scaled(0.7))
        }
    }

    private mutating func paintPaddle(_ box: BreakoutScene.Box, _ layout: FrameLayout) {
        let paddle = pixels(of: box, layout)
        let bevel = max(1, Int(layout.unit.rounded()))
        let cap = min(paddle.width / 2, Int((4 * layout.unit).rounded()))
        fill(paddle, Palette.paddle)
        fill(PixelRect(x: paddle.x, y: paddle.y, width: cap, height: paddle.height), Palette.paddleCap)
        fill(PixelRect(x: paddle.maxX - cap, y: paddle.y, width: cap, height: paddle.height), Palette.paddleCap)
        fill(PixelRect(x: paddle.x, y: paddle.y, width: paddle.width, height: bevel), Palette.paddle.lightened(0.6))
        fill(
            PixelRect(x: paddle.x, y: paddle.maxY - bevel, width: paddle.width, height: bevel),
            Palette.paddle.scaled(0.6))
    }

    private func pixels(of box: BreakoutScene.Box, _ layout: FrameLayout) -> PixelRect {
        let x = layout.x(box.x)
        let y = layout.y(box.y)
        return PixelRect(x: x, y: y, width: layout.x(box.x + box.width) - x, height: layout.y(box.y + box.height) - y)
    }

    // MARK: The panel

    private mutating func paintPanel(_ scene: BreakoutScene, _ layout: FrameLayout) {
        let panel = layout.panel
        guard panel.width > 0, panel.height > 0 else { return }
        fill(panel, Palette.panel)
        let scale = layout.textScale
        let left = panel.x + 2 * scale
        var y = panel.y + 2 * scale
        // The title, a letter per brick colour.
        let titleScale = fittingScale("BREAKOUT", preferred: 2 * scale, within: panel.width - 4 * scale)
        for (index, letter) in "BREAKOUT".enumerated() {
            text(
                String(letter), x: left + index * PixelFont.advance * titleScale, y: y, scale: titleScale,
                color: Palette.rows[index % Palette.rows.count])
        }
        y += PixelFont.lineHeight * titleScale + scale
        // Score, large.
        text("SCORE", x: left, y: y, scale: scale, color: Palette.label)
        y += PixelFont.lineHeight * scale
        let score = String(scene.score)
        let scoreScale = fittingScale(score, preferred: 3 * scale, within: panel.width - 4 * scale)
        text(score, x: left, y: y, scale: scoreScale, color: Palette.score)
        y += PixelFont.lineHeight * scoreScale
        // Lives as balls (lost ones dim), and the level, side by side.
        let levelX = left + max(PixelFont.width(of: "LIVES ", scale: scale), (panel.width - 4 * scale) / 2)
        text("LIVES", x: left, y: y, scale: scale, color: Palette.label)
        text("LEVEL", x: levelX, y: y, scale: scale, color: Palette.label)
        y += PixelFont.lineHeight * scale
        let diameter = 8 * scale
        for life in 0..<max(Breakout.startingLives, scene.lives) {
            quads.append(
                Quad(
                    x: Float(left + life * (diameter + 3 * scale)), y: Float(y + 2 * scale), width: Float(diameter),
                    height: Float(diameter), color: life < scene.lives ? Palette.ball : Palette.lostLife,
                    isRound: true))
        }
        text(String(scene.level), x: levelX, y: y, scale: 2 * scale, color: Palette.score)
        y += max(diameter + 2 * scale, PixelFont.glyphHeight * 2 * scale) + 3 * scale
        fill(PixelRect(x: left, y: y, width: panel.width - 4 * scale, height: scale), Palette.border)
        y += 3 * scale
        // Every HUD line, wrapped: the game's lines first, then the runtime's status lines (from "state ...").
        let statusStart = scene.hud.firstIndex { $0.hasPrefix("state ") } ?? scene.hud.count
        for (index, line) in scene.hud.enumerated() {
            let color = index < statusStart ? Palette.gameText : Palette.statusText
            for piece in Self.wrap(line, columns: layout.panelColumns) {
                guard y + PixelFont.glyphHeight * scale <= panel.maxY else {
                    droppedHUDLines += 1
                    continue
                }
                text(piece, x: left, y: y, scale: scale, color: color)
                y += PixelFont.lineHeight * scale
            }
            y += scale
        }
    }

    // MARK: The overlay

    private mutating func paintOverlay(_ lines: [String], _ layout: FrameLayout) {
        guard !lines.isEmpty else { return }
        let field = layout.field
        let scale = layout.textScale
        let room = field.width - 8 * scale
        var rows: [(text: String, scale: Int)] = []
        for (index, line) in lines.enumerated() {
            let preferred = index == 0 ? 4 * scale : 2 * scale
            let lineScale = fittingScale(line, preferred: preferred, within: room)
            let columns = max(1, (room + lineScale) / (PixelFont.advance * lineScale))
            for piece in Self.wrap(line, columns: columns) { rows.append((piece, lineScale)) }
        }
        let padding = 4 * scale
        let gap = 2 * scale
        let textHeight = rows.reduce(0) { $0 + PixelFont.glyphHeight * $1.scale } + gap * (rows.count - 1)
        let bandHeight = min(field.height, textHeight + 2 * padding)
        // Centred a little below the field's middle, under the lowest bricks of every level (108 of 240 units).
        let bandY = field.y + min(field.height - bandHeight, max(0, field.height * 3 / 5 - bandHeight / 2))
        fill(PixelRect(x: field.x, y: bandY, width: field.width, height: bandHeight), Palette.band)
        var y = bandY + padding
        for (index, row) in rows.enumerated() {
            guard y + PixelFont.glyphHeight * row.scale <= bandY + bandHeight else { break }
            let x = field.x + (field.width - PixelFont.width(of: row.text, scale: row.scale)) / 2
            text(row.text, x: x, y: y, scale: row.scale, color: index == 0 ? Palette.headline : Palette.bandText)
            y += PixelFont.glyphHeight * row.scale + gap
        }
    }

    // MARK: Pieces

    /// Fills `rect` with `color` (nothing for an empty rectangle).
    public mutating func fill(_ rect: PixelRect, _ color: Color) {
        guard rect.width > 0, rect.height > 0 else { return }
        quads.append(
            Quad(
                x: Float(rect.x), y: Float(rect.y), width: Float(rect.width), height: Float(rect.height), color: color
            ))
    }

    /// Writes `string` with its top-left corner at (`x`, `y`), each font pixel `scale` x `scale` screen pixels.
    public mutating func text(_ string: String, x: Int, y: Int, scale: Int, color: Color) {
        let size = Float(scale)
        for (index, character) in string.enumerated() where character != " " {
            let left = x + index * PixelFont.advance * scale
            for (row, bits) in PixelFont.rows(of: character).enumerated() where bits != 0 {
                for run in PixelFont.runs(in: bits) {
                    quads.append(
                        Quad(
                            x: Float(left + run.column * scale), y: Float(y + row * scale),
                            width: Float(run.length * scale), height: size, color: color))
                }
            }
        }
    }

    /// The largest scale from `preferred` down to 1 at which `string` is at most `room` pixels wide (1 if none).
    private func fittingScale(_ string: String, preferred: Int, within room: Int) -> Int {
        var scale = max(1, preferred)
        while scale > 1, PixelFont.width(of: string, scale: scale) > room { scale -= 1 }
        return scale
    }

    /// `line` broken into pieces of at most `columns` characters: at the last space that fits, else mid-word.
    /// Pieces after the first start with two spaces, so that a wrapped line reads as one.
    public static func wrap(_ line: String, columns: Int) -> [String] {
        let columns = max(3, columns)
        var rest = Substring(line)
        var pieces: [String] = []
        while rest.count > (pieces.isEmpty ? columns : columns - 2) {
            let room = pieces.isEmpty ? columns : columns - 2
            let limit = rest.index(rest.startIndex, offsetBy: room)
            // The last space after the piece's first word starts (a leading indent is not a place to break).
            let text = rest.firstIndex { $0 != " " } ?? rest.endIndex
            let cut = text < limit ? (rest[text..<limit].lastIndex(of: " ") ?? limit) : limit
            pieces.append((pieces.isEmpty ? "" : "  ") + rest[..<cut])
            rest = rest[cut...].drop { $0 == " " }
        }
        if !rest.isEmpty || pieces.isEmpty { pieces.append((pieces.isEmpty ? "" : "  ") + rest) }
        return pieces
    }
}

/// The colours (public for tests that look for them in the pixels).
public enum Palette {
    public static let background = Color(0.03, 0.04, 0.08)
    public static let field = Color(0.06, 0.08, 0.16)
    public static let border = Color(0.30, 0.38, 0.58)
    public static let panel = Color(0.07, 0.08, 0.13)
    /// One-hit bricks, by row from the top.
    public static let rows = [
        Color(0.92, 0.30, 0.30), Color(0.96, 0.58, 0.22), Color(0.95, 0.84, 0.28), Color(0.38, 0.80, 0.40),
        Color(0.28, 0.68, 0.95), Color(0.62, 0.45, 0.92),
    ]
    public static let twoHits = Color(0.70, 0.73, 0.80)
    public static let threeHits = Color(0.82, 0.64, 0.24)
    public static let paddle = Color(0.80, 0.84, 0.92)
    public static let paddleCap = Color(0.28, 0.78, 0.92)
    public static let ball = Color(1.00, 0.97, 0.86)
    public static let lostLife = Color(0.22, 0.24, 0.32)
    public static let label = Color(0.55, 0.60, 0.72)
    public static let score = Color(1.00, 1.00, 1.00)
    public static let gameText = Color(0.93, 0.93, 0.86)
    public static let statusText = Color(0.55, 0.80, 0.95)
    public static let band = Color(0.00, 0.00, 0.00, 0.62)
    public static let headline = Color(1.00, 0.86, 0.30)
    public static let bandText = Color(0.95, 0.95, 0.95)

    /// A brick's colour: its row's for one hit left, silver for two, gold for three (or more).
    public static func brick(hits: Int, row: Int) -> Color {
        switch hits {
        case ...1: rows[min(max(row, 0), rows.count - 1)]
        case 2: twoHits
        default: threeHits
        }
    }
}
