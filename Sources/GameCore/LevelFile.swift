// LevelFile: the level file format (Assets/Levels/*.level), parsed with `line:column` errors.
//
//   interlude-level 1                 first line: format version; another version is refused
//   # a comment                       (in the header only, also after a value: '#' is a wall in the map)
//   name Hangar                       required: the level's name, shown on screen (each key at most once)
//   theme wall=wall-metal floor=floor-tiles ceiling=ceiling-panels   optional, any of the three
//   par 45                            optional: seconds; each second under par adds 10 to the exit bonus
//   facing east                       optional: north | east | south | west, the player's start facing
//   map                               required: every following line is a row of the grid, to the end
//   ##########
//   #P..E..+X#                        # wall  . floor  P start (one)  E enemy  + health  * ammo  X exit (one or more)
//   ##########                        every row as wide as the first; the border must be wall
//
// Caps (Level+Limits.swift): at most 128 x 128 cells, 256 enemies and 256 pickups, and a worst-case snapshot that
// fits the loader's limit; the cell or row past a cap is the error's place.
// Rows run north to south (z), columns west to east (x). Blank lines after the map are ignored.

/// Reads level files.
public enum LevelFile {
    /// The first line every level file starts with.
    public static let header = "interlude-level 1"

    /// Parses a whole level file; errors carry the line and column and say what was expected. A level past the caps
    /// of Level+Limits.swift (size, enemies, pickups, worst-case snapshot) is refused at the cell that passes them.
    public static func parse(_ text: String) throws(Level.ParseError) -> Level {
        try parse(text, snapshotBudget: Level.snapshotBudget)
    }

    /// `parse(_:)` with another snapshot budget (tests reach the budget check with fewer entities than the caps).
    static func parse(_ text: String, snapshotBudget: Int) throws(Level.ParseError) -> Level {
        // "\r\n" is one Character in Swift: both line ends separate lines.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        guard lines.first.map(String.init) == header else {
            throw Level.ParseError(
                line: 1, column: 1, message: "expected '\(header)' on the first line, found '\(lines.first ?? "")'")
        }
        var header = Header()
        var mapLine: Int? = nil
        for index in 1..<lines.count {
            let line = lines[index]
            // In the header, '#' starts a comment, also after a value.
            let words = line.prefix { $0 != "#" }.split(separator: " ", omittingEmptySubsequences: true)
            guard let key = words.first else { continue }
            if key == "map" {
                guard words.count == 1 else { throw error(index + 1, line, words[1], "expected nothing after 'map'") }
                mapLine = index
                break
            }
            try header.read(key, words.dropFirst(), line: index + 1, text: line)
        }
        guard let mapLine else {
            throw Level.ParseError(line: lines.count, column: 1, message: "expected a 'map' line followed by the grid")
        }
        var rows = Array(lines[(mapLine + 1)...].enumerated().map { (line: mapLine + 2 + $0.offset, text: $0.element) })
        while let last = rows.last, last.text.allSatisfy({ $0 == " " }) { rows.removeLast() }
        guard let name = header.name else {
            throw Level.ParseError(line: mapLine + 1, column: 1, message: "expected a 'name' line before 'map'")
        }
        var level = try grid(
            name: name, rows: rows, endLine: mapLine + 2, isStrict: true, snapshotBudget: snapshotBudget)
        level.theme = header.theme
        level.parSeconds = header.par
        level.startYaw = header.facing
        return level
    }

    /// Builds a level from grid rows, checking cells, widths, one start and the caps of Level+Limits.swift;
    /// `isStrict` (level files) also wants a wall border and an exit.
    static func grid(
        name: String, rows: [(line: Int, text: Substring)], endLine: Int, isStrict: Bool,
        snapshotBudget: Int = Level.snapshotBudget
    ) throws(Level.ParseError) -> Level {
        guard let first = rows.first else {
            throw Level.ParseError(line: endLine, column: 1, message: "expected at least one row of cells")
        }
        let width = first.text.count
        try checkSize(rows, width: width)
        var cells: [Cell] = []
        var start: (line: Int, column: Int)? = nil
        var entities: [Entity] = []
        for (rowIndex, row) in rows.enumerated() {
            guard row.text.count == width else {
                throw Level.ParseError(
                    line: row.line, column: min(width, row.text.count) + 1,
                    message: "expected \(width) cells like the first row, found \(row.text.count)")
            }
            for (column, character) in row.text.enumerated() {
                guard let cell = Cell(rawValue: character) else {
                    throw Level.ParseError(
                        line: row.line, column: column + 1,
                        message: "expected one of # . P E + * X, found '\(character)'")
                }
                let onBorder = rowIndex == 0 || rowIndex == rows.count - 1 || column == 0 || column == width - 1
                if isStrict, onBorder, cell != .wall {
                    throw Level.ParseError(
                        line: row.line, column: column + 1,
                        message: "expected a wall '#' on the border of the map, found '\(character)'")
                }
                if cell == .start {
                    if let start {
                        throw Level.ParseError(
                            line: row.line, column: column + 1,
                            message: "expected one player start 'P', found a second (the first is at "
                                + "\(start.line):\(start.column))")
                    }
                    start = (row.line, column + 1)
                }
                if cell == .enemy || cell == .health || cell == .ammo {
                    entities.append(Entity(line: row.line, column: column + 1, isEnemy: cell == .enemy))
                    try checkCount(entities)
                }
                cells.append(cell)
            }
        }
        let last = rows[rows.count - 1].line
        guard start != nil else {
            throw Level.ParseError(line: last, column: 1, message: "expected a player start 'P' in the map")
        }
        guard !isStrict || cells.contains(.exit) else {
            throw Level.ParseError(line: last, column: 1, message: "expected an exit 'X' in the map")
        }
        try checkSnapshot(entities, budget: snapshotBudget, firstLine: first.line)
        return Level(name: name, width: width, depth: rows.count, cells: cells)
    }

    /// An enemy or pickup cell, where the file has it.
    struct Entity {
        let line: Int
        let column: Int
        let isEnemy: Bool
    }

    /// Refuses a map wider or deeper than `Level.maximumSide`, at the first cell or row past it.
    private static func checkSize(_ rows: [(line: Int, text: Substring)], width: Int) throws(Level.ParseError) {
        let side = Level.maximumSide
        if width > side {
            throw Level.ParseError(
                line: rows[0].line, column: side + 1,
                message: "expected at most \(side) cells in a row, found \(width)")
        }
        if rows.count > side {
            throw Level.ParseError(
                line: rows[side].line, column: 1, message: "expected at most \(side) rows, found \(rows.count)")
        }
    }

    /// Refuses the enemy or pickup that passes its cap.
    private static func checkCount(_ entities: [Entity]) throws(Level.ParseError) {
        guard let newest = entities.last else { return }
        let count = entities.count { $0.isEnemy == newest.isEnemy }
        let (cap, what) =
            newest.isEnemy ? (Level.maximumEnemies, "enemies 'E'") : (Level.maximumPickups, "pickups ('+' and '*')")
        if count > cap {
            throw Level.ParseError(
                line: newest.line, column: newest.column,
                message: "expected at most \(cap) \(what), found more (this is number \(count))")
        }
    }

    /// Refuses a level whose worst-case snapshot would not fit in `budget` bytes, at the first enemy or pickup (in
    /// reading order) that makes it too large: a game on it could save a snapshot its own loader refuses.
    private static func checkSnapshot(_ entities: [Entity], budget: Int, firstLine: Int) throws(Level.ParseError) {
        func bytes(_ prefix: Int) -> Int {
            let enemies = entities.prefix(prefix).count { $0.isEnemy }
            return Level.worstCaseSnapshotBytes(enemies: enemies, pickups: prefix - enemies)
        }
        let total = bytes(entities.count)
        guard total > budget else { return }
        guard bytes(0) <= budget else {
            throw Level.ParseError(
                line: firstLine, column: 1,
                message: "a snapshot of any level could reach \(bytes(0)) bytes, more than the \(budget) a save may use"
            )
        }
        // The shortest prefix that is too large: the worst case grows with every entity.
        var (fits, tooLarge) = (0, entities.count)
        while tooLarge - fits > 1 {
            let middle = (fits + tooLarge) / 2
            if bytes(middle) > budget { tooLarge = middle } else { fits = middle }
        }
        let culprit = entities[tooLarge - 1]
        let enemies = entities.count { $0.isEnemy }
        throw Level.ParseError(
            line: culprit.line, column: culprit.column,
            message: "the level's snapshot could reach \(total) bytes with its \(enemies) enemies and "
                + "\(entities.count - enemies) pickups, more than the \(budget) a save may use; expected at most "
                + "\(tooLarge - 1) enemies and pickups together, found more from here on")
    }

    static func error(_ line: Int, _ text: Substring, _ word: Substring, _ message: String) -> Level.ParseError {
        Level.ParseError(
            line: line, column: text.distance(from: text.startIndex, to: word.startIndex) + 1, message: message)
    }
}

/// The header lines before `map`.
private struct Header {
    var name: String? = nil
    var theme = LevelTheme()
    var par = 60
    var facing: Float = -Float.pi / 2
    var seen: [(key: Substring, line: Int)] = []  // keys read so far, to refuse a second one

    static let facings: [(String, Float)] = [
        ("north", 0), ("west", Float.pi / 2), ("south", Float.pi), ("east", -Float.pi / 2),
    ]

    mutating func read(_ key: Substring, _ words: ArraySlice<Substring>, line: Int, text: Substring)
        throws(Level.ParseError)
    {
        func fail(_ word: Substring, _ message: String) -> Level.ParseError {
            LevelFile.error(line, text, word, message)
        }
        guard let value = words.first else { throw fail(key, "expected a value after '\(key)'") }
        if let first = seen.first(where: { $0.key == key }) {
            throw fail(key, "'\(key)' appears twice; expected one (the first is on line \(first.line))")
        }
        seen.append((key, line))
        switch key {
        case "name":
            name = words.joined(separator: " ")
        case "theme":
            for word in words {
                let parts = word.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, !parts[1].isEmpty else {
                    throw fail(word, "expected wall=NAME, floor=NAME or ceiling=NAME, found '\(word)'")
                }
                switch parts[0] {
                case "wall": theme.wall = String(parts[1])
                case "floor": theme.floor = String(parts[1])
                case "ceiling": theme.ceiling = String(parts[1])
                default: throw fail(word, "expected wall=, floor= or ceiling=, found '\(parts[0])='")
                }
            }
        case "par":
            guard words.count == 1, let seconds = Int(value), seconds >= 1, seconds <= 3600 else {
                throw fail(
                    value, "expected a whole number of seconds from 1 to 3600, found '\(words.joined(separator: " "))'")
            }
            par = seconds
        case "facing":
            guard words.count == 1, let facing = Self.facings.first(where: { $0.0 == value }) else {
                throw fail(value, "expected north, east, south or west, found '\(words.joined(separator: " "))'")
            }
            self.facing = facing.1
        default:
            throw fail(key, "unknown key '\(key)'; expected name, theme, par, facing or map")
        }
    }
}
