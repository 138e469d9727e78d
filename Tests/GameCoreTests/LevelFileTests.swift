// LevelFileTests: the level format's errors name line:column and what was expected, one test per mistake.

import GameCore
import Runtime
import Testing

/// A small valid level file; `header` lines go before `map`, `rows` replace the grid.
func levelText(header: [String] = ["name Test"], rows: [String]? = nil) -> String {
    let grid = rows ?? ["#######", "#P.E.X#", "#..+*.#", "#######"]
    return (["interlude-level 1"] + header + ["map"] + grid).joined(separator: "\n") + "\n"
}

/// The error parsing `text` gives, or nil.
func levelError(_ text: String) -> Level.ParseError? {
    do {
        _ = try LevelFile.parse(text)
        return nil
    } catch {
        return error
    }
}

@Suite("Level files")
struct LevelFileTests {
    @Test("a valid file gives the grid, the theme, par and facing")
    func valid() throws {
        let text = levelText(header: [
            "# a comment", "name Test Room  # trailing comment", "theme wall=wall-brick", "par 30", "facing north",
        ])
        let level = try LevelFile.parse(text)
        #expect(level.name == "Test Room")
        #expect(level.width == 7 && level.depth == 4)
        #expect(level.cell(1, 1) == .start && level.cell(3, 1) == .enemy && level.cell(5, 1) == .exit)
        #expect(level.isWall(0, 0) && !level.isWall(2, 2) && level.isWall(-1, 2) && level.isWall(7, 1))
        #expect(level.theme == LevelTheme(wall: "wall-brick"))
        #expect(level.parSeconds == 30 && level.startYaw == 0)
    }

    @Test(
        "each kind of mistake is reported at its line and column with what was expected",
        arguments: [
            ("interlude-level 2\nname X\nmap\n###\n", 1, 1, "expected 'interlude-level 1'"),
            (levelText(header: ["name X", "colour red"]), 3, 1, "unknown key 'colour'"),
            (levelText(header: ["name"]), 2, 1, "expected a value after 'name'"),
            (levelText(header: ["name X", "par soon"]), 3, 5, "expected a whole number of seconds"),
            (
                levelText(header: ["name X", "par 30", "par 40"]), 4, 1,
                "'par' appears twice; expected one (the first is on line 3)"
            ),
            (levelText(header: ["name X", "par 0"]), 3, 5, "expected a whole number of seconds"),
            (levelText(header: ["name X", "facing up"]), 3, 8, "expected north, east, south or west"),
            (levelText(header: ["name X", "theme wall=a roof=b"]), 3, 14, "expected wall=, floor= or ceiling="),
            (levelText(header: ["name X", "theme wall"]), 3, 7, "expected wall=NAME"),
            (levelText(header: []), 2, 1, "expected a 'name' line before 'map'"),
            ("interlude-level 1\nname X\n", 3, 1, "expected a 'map' line"),
            (levelText(rows: []), 4, 1, "expected at least one row"),
            (levelText(rows: ["#####", "#P?X#", "#####"]), 5, 3, "expected one of # . P E + * X, found '?'"),
            (levelText(rows: ["#####", "#P.X#", "####"]), 6, 5, "expected 5 cells like the first row, found 4"),
            (levelText(rows: ["#####", "#P.X#", "#...##", "#####"]), 6, 6, "expected 5 cells like the first row"),
            (levelText(rows: ["#####", "#P.X.", "#####"]), 5, 5, "expected a wall '#' on the border"),
            (levelText(rows: ["#####", "#P.X#", "#P..#", "#####"]), 6, 2, "a second (the first is at 5:2)"),
            (levelText(rows: ["#####", "#..X#", "#####"]), 6, 1, "expected a player start 'P'"),
            (levelText(rows: ["#####", "#P..#", "#####"]), 6, 1, "expected an exit 'X'"),
        ])
    func mistakes(text: String, line: Int, column: Int, expected: String) {
        guard let error = levelError(text) else {
            Issue.record("parsed, expected an error at \(line):\(column)")
            return
        }
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message.contains(expected), "\(error)")
        #expect(error.description.hasPrefix("\(line):\(column): "))
    }

    @Test("Windows line ends and trailing blank lines are accepted")
    func lineEnds() throws {
        let text = levelText().split(separator: "\n").joined(separator: "\r\n") + "\r\n\r\n"
        #expect(try LevelFile.parse(text).depth == 4)
    }
}
