// Level: a grid of cells, parsed from text. '#' wall, '.' floor, 'P' player start, 'E' enemy,
// '+' health, '*' ammo, 'X' exit. Rows are z (north to south), columns are x (west to east).

/// What fills one cell of a level.
public enum Cell: Character, Hashable, Sendable {
    case wall = "#"
    case floor = "."
    case start = "P"
    case enemy = "E"
    case health = "+"
    case ammo = "*"
    case exit = "X"

    /// True when the cell can be walked through.
    public var isOpen: Bool { self != .wall }
}

/// The textures a level is drawn with: names of RGBA PNGs in Assets/Textures (without `.png`).
public struct LevelTheme: Hashable, Sendable {
    public var wall: String
    public var floor: String
    public var ceiling: String

    public init(wall: String = "wall-metal", floor: String = "floor-tiles", ceiling: String = "ceiling-panels") {
        self.wall = wall
        self.floor = floor
        self.ceiling = ceiling
    }
}

/// A level's layout. Cell (x, z) spans world x in x...x+1 and z in z...z+1; walls are 1 high.
public struct Level: Hashable, Sendable {
    public let name: String
    public let width: Int  // cells along x
    public let depth: Int  // cells along z
    public let cells: [Cell]  // row-major, index z * width + x
    public var theme = LevelTheme()  // textures of walls, floor and ceiling

    /// The cell at (x, z); outside the grid is wall.
    public func cell(_ x: Int, _ z: Int) -> Cell {
        guard x >= 0, z >= 0, x < width, z < depth else { return .wall }
        return cells[z * width + x]
    }

    /// True when (x, z) is a wall or outside the grid.
    public func isWall(_ x: Int, _ z: Int) -> Bool { !cell(x, z).isOpen }

    /// The cells of one kind, as (x, z).
    public func positions(of kind: Cell) -> [(x: Int, z: Int)] {
        var found: [(x: Int, z: Int)] = []
        for z in 0..<depth {
            for x in 0..<width where cells[z * width + x] == kind { found.append((x, z)) }
        }
        return found
    }

    /// A parse failure: where, and what was expected.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public let message: String
        public var description: String { "\(line):\(column): \(message)" }
    }

    /// Parses a level from its text (one row per line; blank lines and lines starting with ';' are skipped).
    public static func parse(name: String, _ text: String) throws(ParseError) -> Level {
        var rows: [[Cell]] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.isEmpty || line.first == ";" { continue }
            var row: [Cell] = []
            for (column, character) in line.enumerated() {
                guard let cell = Cell(rawValue: character) else {
                    throw ParseError(
                        line: lineNumber, column: column + 1,
                        message: "expected one of # . P E + * X, found '\(character)'")
                }
                row.append(cell)
            }
            if let first = rows.first, first.count != row.count {
                throw ParseError(
                    line: lineNumber, column: min(first.count, row.count) + 1,
                    message: "expected \(first.count) cells like the first row, found \(row.count)")
            }
            rows.append(row)
        }
        guard let first = rows.first else {
            throw ParseError(line: max(lineNumber, 1), column: 1, message: "expected at least one row of cells")
        }
        let level = Level(name: name, width: first.count, depth: rows.count, cells: rows.flatMap { $0 })
        if level.positions(of: .start).count != 1 {
            throw ParseError(line: 1, column: 1, message: "expected exactly one player start 'P'")
        }
        return level
    }

    /// The built-in training hangar: level 1 and the backdrop of the main menu.
    public static let hangar: Level = {
        let text = """
            ################
            #P.....#.......#
            #......#...E...#
            #..##..#.......#
            #..##......##..#
            #..........##..#
            #######..#######
            #.....#..#.....#
            #..E..#..#..+..#
            #..............#
            #.....#..#...X.#
            ################
            """
        // The literal above is valid by construction; a failure here is a programming error.
        return try! parse(name: "hangar", text)
    }()
}
