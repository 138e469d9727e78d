import Lifecycle
import Replay
import Runtime

extension ReplayReport {
    /// One script replayed under several profiles (`profiles all`, `--profile LIST`): its replays in run order.
    struct Matrix {
        let script: String  // the script's own name, without `@PROFILE`
        let entries: [Entry]  // one per profile
    }

    /// The matrices of a run: the entries of each script replayed under several profiles, in the order their
    /// first replay appears.
    static func matrices(_ entries: [Entry]) -> [Matrix] {
        var order: [String] = []
        var groups: [String: [Entry]] = [:]
        for entry in entries {
            guard let script = entry.outcome.matrix else { continue }
            if groups[script] == nil { order.append(script) }
            groups[script, default: []].append(entry)
        }
        return order.map { Matrix(script: $0, entries: groups[$0]!) }
    }

    /// A profile matrix per script replayed under several profiles: rows are the inputs of the transcripts (the
    /// script's events and actions, and what the OS and the match did by themselves) by virtual time, columns the
    /// profiles, each cell what that input did there: the callbacks in order, the state it left (and why) and the work; or why it was rejected.
    static func matrixSections(_ entries: [Entry]) -> String {
        let matrices = matrices(entries)
        guard !matrices.isEmpty else { return "" }
        var html = "<section class=\"matrices\">\n<h2>Profile matrices</h2>\n"
        for (index, matrix) in matrices.enumerated() { html += table(matrix, index: index, entries: entries) }
        return html + "</section>\n"
    }

    private static func table(_ matrix: Matrix, index: Int, entries: [Entry]) -> String {
        let columns = matrix.entries.map { keyed(inputMoments($0.timeline)) }
        let ok = matrix.entries.allSatisfy(\.outcome.ok)
        var html = "<div class=\"matrix \(ok ? "pass" : "fail")\" id=\"matrix-\(index)\" "
        html += "data-script=\"\(escape(matrix.script))\" data-profiles=\"\(matrix.entries.count)\">\n"
        html +=
            "<h3>\(escape(matrix.script)) <span class=\"facts\">under \(matrix.entries.count) profiles</span></h3>\n"
        html += "<div class=\"scroll\"><table class=\"matrix\">\n<thead><tr><th>time</th><th>event</th>"
        let sections = ordered(entries)
        for entry in matrix.entries {
            let anchor = sections.firstIndex { $0.outcome.script == entry.outcome.script }
            let name = escape(entry.outcome.profile ?? entry.outcome.script)
            html += "<th class=\"profile\">\(badge(entry.outcome.verdict)) "
            html += anchor.map { "<a href=\"#script-\($0)\">\(name)</a>" } ?? name
            html += "</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for key in rowKeys(columns) {
            let moments = columns.map { column in column.first { $0.key == key }?.moment }
            let cells = moments.map { $0.map(cell) ?? "<td class=\"absent\">—</td>" }
            let same = Set(cells).count == 1
            html += "<tr\(same ? " class=\"same\"" : "")><td class=\"time\">\(Timeline.timeText(key.time))</td>"
            html += "<td class=\"input\"><code>\(escape(key.input))</code></td>" + cells.joined() + "</tr>\n"
        }
        return html + "</tbody>\n</table></div>\n</div>\n"
    }

    /// A row of a matrix: an input at a virtual time (the n-th such at that time, for repeats).
    struct RowKey: Hashable {
        let time: Nanoseconds
        let input: String
        let occurrence: Int
    }

    private static func keyed(_ moments: [Timeline.Moment]) -> [(key: RowKey, moment: Timeline.Moment)] {
        var seen: [RowKey: Int] = [:]
        return moments.map { moment in
            let base = RowKey(time: moment.time, input: inputText(moment), occurrence: 0)
            let count = seen[base, default: 0]
            seen[base] = count + 1
            return (RowKey(time: moment.time, input: base.input, occurrence: count), moment)
        }
    }

    /// Every column's rows, by virtual time; at one time, in the order the first column that has them lists them.
    /// A script's own lines happen at the same times under every profile, so they share rows; what happens under
    /// some profiles only (the OS suspending an app) has a row of its own, empty elsewhere.
    private static func rowKeys(_ columns: [[(key: RowKey, moment: Timeline.Moment)]]) -> [RowKey] {
        var keys: [RowKey] = []
        var rank: [RowKey: (Int, Int)] = [:]  // (column, position) where the row was first seen
        for (column, rows) in columns.enumerated() {
            for (position, row) in rows.enumerated() where rank[row.key] == nil {
                rank[row.key] = (column, position)
                keys.append(row.key)
            }
        }
        return keys.sorted { left, right in
            if left.time != right.time { return left.time < right.time }
            let (a, b) = (rank[left]!, rank[right]!)
            return a.0 != b.0 ? a.0 < b.0 : a.1 < b.1
        }
    }

    /// The moments that begin with an input (an OS event or a player's action): one per timed line.
    private static func inputMoments(_ timeline: Timeline?) -> [Timeline.Moment] {
        (timeline?.moments ?? []).filter { moment in
            guard let input = moment.inputs.first else { return false }
            switch input {
            case .event, .action: return true
            case .rejected, .ignored: return false
            }
        }
    }

    /// The input of a moment as text (not escaped): `homePressed`, `play singlePlayer level=1`.
    static func inputText(_ moment: Timeline.Moment) -> String {
        switch moment.inputs.first {
        case .event(let event): return event.rawValue
        case .action(let name, let args): return name + (args.map { " " + $0 } ?? "")
        default: return ""
        }
    }

    /// One profile's answer to one input.
    private static func cell(_ moment: Timeline.Moment) -> String {
        for input in moment.inputs.dropFirst() {
            switch input {
            case .rejected(_, let why):
                return "<td class=\"rejected\"><b>rejected</b><br><span class=\"why\">\(escape(why))</span></td>"
            case .ignored:
                return "<td class=\"ignored\"><b>ignored</b> <span class=\"state\">\(state(moment))</span>"
                    + engineEvents(moment) + "</td>"
            case .event, .action:
                continue
            }
        }
        var html = "<td>"
        html += "<div class=\"callbacks\">"
        html +=
            moment.callbacks.isEmpty
            ? "<span class=\"none\">no callbacks</span>"
            : moment.callbacks.map { "<code>\(escape($0.rawValue))</code>" }.joined(separator: " → ")
        html += "</div><div class=\"state\">\(state(moment))</div>"
        if !moment.work.isEmpty {
            html += "<div class=\"work\">"
            html += moment.work.map { "<code>\(escape($0.work.rawValue))</code>" }.joined(separator: " ")
            html += "</div>"
        }
        html += engineEvents(moment)
        if moment.hasFailure { html += "<div class=\"failed\">✗ a check failed here</div>" }
        return html + "</td>"
    }

    /// What each engine the replay asked for delivered at a moment (CONTRACT §8 `engine`): a line per engine, its
    /// events in order; nothing when no engine was asked for or none delivered anything.
    static func engineEvents(_ moment: Timeline.Moment) -> String {
        var order: [String] = []
        var events: [String: [String]] = [:]
        for item in moment.engineEvents {
            if events[item.engine] == nil { order.append(item.engine) }
            events[item.engine, default: []].append(item.event)
        }
        guard !order.isEmpty else { return "" }
        var html = "<div class=\"engine-events\">"
        for engine in order {
            html += "<div><span class=\"engine\">\(escape(engine))</span> "
            html += events[engine]!.map { "<code>\(escape($0))</code>" }.joined(separator: " → ") + "</div>"
        }
        return html + "</div>"
    }

    private static func state(_ moment: Timeline.Moment) -> String {
        "<b>\(escape(moment.state.rawValue))</b>" + (moment.reason.map { " (\(escape($0.rawValue)))" } ?? "")
    }
}
