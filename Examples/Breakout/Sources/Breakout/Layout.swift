// Layout: the built-in levels, each a wall of bricks drawn as text, and what clearing one is worth.

/// One level: a name and the wall it starts with. Each row is `Field.columns` characters: `.` for no brick, a digit
/// 1 to 3 for a brick that takes that many hits.
public struct Layout: Hashable, Sendable {
    public let name: String
    public let rows: [String]  // top row first; at most `Field.rows`, missing rows are empty

    /// Points for each hit on a brick.
    public static let pointsPerHit: Int64 = 10
    /// Points for clearing a level (its last brick broken).
    public static let clearBonus: Int64 = 100

    /// The three levels: a plain wall, a checkerboard of tough bricks, and a fortress whose core is walled in.
    public static let all = [
        Layout(name: "wall", rows: ["1111111111", "1111111111", "1111111111", "1111111111"]),
        Layout(name: "checker", rows: ["2.2.2.2.2.", ".1.1.1.1.1", "2.2.2.2.2.", ".1.1.1.1.1", "2.2.2.2.2."]),
        Layout(
            name: "fortress",
            rows: ["..333333..", ".2......2.", ".2.1111.2.", ".2.1111.2.", ".2......2.", "2222222222"]),
    ]

    /// The wall this level starts with.
    public var wall: Wall {
        var wall = Wall()
        for (row, text) in rows.prefix(Field.rows).enumerated() {
            for (column, character) in text.prefix(Field.columns).enumerated() {
                wall[row, column] = character.wholeNumberValue ?? 0
            }
        }
        return wall
    }

    /// Every hit the level's bricks take before the wall is cleared.
    public var totalHits: Int { wall.totalHits }

    /// The most points the level gives: every hit, and the bonus for clearing it.
    public var maximumPoints: Int64 { Int64(totalHits) * Self.pointsPerHit + Self.clearBonus }
}

/// The bricks left: hits left per cell (0: no brick), `Field.rows` x `Field.columns`, top row first.
public struct Wall: Hashable, Sendable {
    /// Hits left per cell, row by row; always `Field.rows * Field.columns` of them.
    public private(set) var hits: [Int]

    /// An empty wall.
    public init() { hits = Array(repeating: 0, count: Field.rows * Field.columns) }

    /// A wall from hits per cell, row by row; nil unless there are exactly `Field.rows * Field.columns`.
    public init?(hits: [Int]) {
        guard hits.count == Field.rows * Field.columns else { return nil }
        self.hits = hits
    }

    /// Hits left in the brick at `row`, `column` (both in range).
    public subscript(row: Int, column: Int) -> Int {
        get { hits[row * Field.columns + column] }
        set { hits[row * Field.columns + column] = newValue }
    }

    /// Bricks left (cells with a hit left).
    public var brickCount: Int { hits.filter { $0 > 0 }.count }
    /// Hits left in all bricks.
    public var totalHits: Int { hits.reduce(0) { $0 + max(0, $1) } }
    /// True when no brick is left.
    public var isCleared: Bool { hits.allSatisfy { $0 <= 0 } }

    /// The cell (row, column) of the brick at field point (x, y), or nil when no brick is there.
    func brick(at x: Float, _ y: Float) -> (row: Int, column: Int)? {
        guard x >= 0, x < Field.width, y >= Field.wallTop, y < Field.wallTop + Float(Field.rows) * Field.brickHeight
        else { return nil }
        let column = min(Field.columns - 1, Int(x / Field.brickWidth))
        let row = min(Field.rows - 1, Int((y - Field.wallTop) / Field.brickHeight))
        return self[row, column] > 0 ? (row, column) : nil
    }
}
