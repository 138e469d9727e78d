// Level: a grid of cells. '#' wall, '.' floor, 'P' player start, 'E' enemy, '+' health, '*' ammo, 'X' exit.
// Rows are z (north to south), columns are x (west to east). Level files (header + grid) are read by
// LevelFile.swift; `parse(name:_:)` reads a bare grid (the built-in hangar).

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
    public var parSeconds = 60  // seconds; each second under par adds to the exit bonus
    public var startYaw: Float = -Float.pi / 2  // radians, the player's facing at the start (default east)

    /// A level from its cells (row-major, `width * depth` of them).
    public init(name: String, width: Int, depth: Int, cells: [Cell], theme: LevelTheme = LevelTheme()) {
        precondition(cells.count == width * depth, "a level has width * depth cells")
        self.name = name
        self.width = width
        self.depth = depth
        self.cells = cells
        self.theme = theme
    }

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

    /// Parses a bare grid (one row per line; blank lines and lines starting with ';' are skipped).
    public static func parse(name: String, _ text: String) throws(ParseError) -> Level {
        var rows: [(line: Int, text: Substring)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.first == ";" { continue }
            rows.append((index + 1, line))
        }
        return try LevelFile.grid(name: name, rows: rows, endLine: max(1, rows.last?.line ?? 1), isStrict: false)
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
