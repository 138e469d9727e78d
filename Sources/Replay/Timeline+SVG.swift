// Timeline+SVG: a timeline drawn as SVG by our own code (no renderer to install, the same bytes on every machine):
// a swimlane table with one row per moment and a column per lane: virtual time, OS events and player actions, the
// app's state (a band coloured by state), callbacks, work (chips that wrap), checks. Rows where a check failed are
// tinted red. Text is monospaced so that widths are known exactly; what does not fit is cut with `…` and given
// whole in a tooltip (<title>). Every text is XML-escaped: a script's name or line may say anything.

import Lifecycle
import Runtime

extension Timeline {
    /// A column of the drawing.
    struct Lane {
        let title: String
        let x: Int
        let width: Int
    }

    static let lanes = [
        Lane(title: "Time", x: 10, width: 86),
        Lane(title: "OS and player", x: 96, width: 230),
        Lane(title: "App state", x: 326, width: 170),
        Lane(title: "Callbacks", x: 496, width: 180),
        Lane(title: "Work", x: 676, width: 380),
        Lane(title: "Checks", x: 1056, width: 300),
    ]
    static let drawingWidth = 1366
    static let characterWidth = 6.62  // DejaVu Sans Mono and its kin at 11 px: 0.602 em
    static let chipHeight = 18
    static let gap = 4

    /// The colour of a state's band, and of its chip.
    static func colour(_ state: AppState) -> String {
        switch state {
        case .notRunning: return "#e5e7eb"
        case .launching: return "#fde68a"
        case .active: return "#bbf7d0"
        case .inactive: return "#fde047"
        case .background: return "#bfdbfe"
        case .suspended: return "#ddd6fe"
        case .terminated: return "#fecaca"
        }
    }

    /// The drawing as a standalone SVG document (also fit to be placed inline in HTML).
    public func svg() -> String {
        var body = ""
        var y = 64
        var previous: Nanoseconds?
        for moment in moments {
            let (row, height) = Self.row(moment, y: y, gapSincePrevious: previous.map { moment.time - $0 })
            body += row
            y += height
            previous = moment.time
        }
        if omittedMoments > 0 {
            body += Self.text(
                "\(omittedMoments) more moments, not drawn: see the transcript", x: 20, y: y + 18, size: 12,
                colour: "#6b7280")
            y += 28
        }
        let height = y + 10
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.drawingWidth)\" height=\"\(height)\" "
        svg += "viewBox=\"0 0 \(Self.drawingWidth) \(height)\" role=\"img\" class=\"timeline\" "
        svg += "font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"11\">\n"
        svg += "<title>\(Self.escape("Timeline of \(title)"))</title>\n"
        svg += "<rect x=\"0\" y=\"0\" width=\"\(Self.drawingWidth)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
        svg += Self.text(Self.fit(title, width: Self.drawingWidth - 20, size: 15), x: 10, y: 24, size: 15, bold: true)
        for lane in Self.lanes {
            svg += "<rect x=\"\(lane.x)\" y=\"36\" width=\"\(lane.width)\" height=\"24\" fill=\"#f3f4f6\"/>\n"
            svg += Self.text(lane.title, x: lane.x + 6, y: 52, size: 12, bold: true, colour: "#374151")
            svg += "<line x1=\"\(lane.x)\" y1=\"36\" x2=\"\(lane.x)\" y2=\"\(y)\" stroke=\"#e5e7eb\"/>\n"
        }
        return svg + body + "</svg>\n"
    }

    /// One moment's row and its height.
    static func row(_ moment: Moment, y: Int, gapSincePrevious: Nanoseconds?) -> (String, Int) {
        var cells = ""
        var bottoms: [Int] = [y + 26]
        let top = y + 4
        // Virtual time, and how long since the moment before.
        cells += text(timeText(moment.time), x: lanes[0].x + 6, y: top + 13, size: 11, bold: true)
        if let gap = gapSincePrevious, gap > 0 {
            cells += text("+" + timeText(gap), x: lanes[0].x + 6, y: top + 27, size: 10, colour: "#6b7280")
            bottoms.append(top + 32)
        }
        var stack = Stack(lane: lanes[1], top: top)
        for input in moment.inputs { cells += stack.chip(input) }
        bottoms.append(stack.bottom)
        stack = Stack(lane: lanes[3], top: top)
        for callback in moment.callbacks {
            cells += stack.add(callback.rawValue, fill: "#dcfce7", stroke: "#16a34a", colour: "#14532d")
        }
        bottoms.append(stack.bottom)
        var flow = Flow(lane: lanes[4], top: top)
        for item in moment.work { cells += flow.add(item) }
        bottoms.append(flow.bottom)
        stack = Stack(lane: lanes[5], top: top)
        for check in moment.checks { cells += stack.chip(check) }
        bottoms.append(stack.bottom)
        var states = Stack(lane: lanes[2], top: top)
        var stateCells = ""
        for change in moment.changes {
            stateCells += states.add(
                "→ " + label(change.to, change.reason), fill: colour(change.to), stroke: "#374151", colour: "#111827",
                tooltip: "\(change.from.rawValue) → \(label(change.to, change.reason))")
        }
        if moment.changes.isEmpty {
            stateCells += text(
                label(moment.state, moment.reason), x: lanes[2].x + 10, y: top + 13, size: 11, colour: "#4b5563")
        }
        bottoms.append(states.bottom)
        let height = bottoms.max()! + 4 - y
        var row = ""
        if moment.hasFailure {
            row += "<rect x=\"0\" y=\"\(y)\" width=\"\(drawingWidth)\" height=\"\(height)\" fill=\"#fee2e2\"/>\n"
        }
        // The state lane is a band in the colour of the state the moment leaves the app in.
        row += "<rect x=\"\(lanes[2].x)\" y=\"\(y)\" width=\"\(lanes[2].width)\" height=\"\(height)\" "
        row += "fill=\"\(colour(moment.state))\" fill-opacity=\"0.6\"/>\n"
        row += "<line x1=\"0\" y1=\"\(y + height)\" x2=\"\(drawingWidth)\" y2=\"\(y + height)\" stroke=\"#e5e7eb\"/>\n"
        return ("<g class=\"moment\">\n" + row + stateCells + cells + "</g>\n", height)
    }

    /// Chips stacked down a lane.
    struct Stack {
        let lane: Lane
        var bottom: Int

        init(lane: Lane, top: Int) {
            self.lane = lane
            bottom = top
        }

        mutating func add(_ label: String, fill: String, stroke: String, colour: String, tooltip: String? = nil)
            -> String
        {
            let chip = Timeline.chip(
                label, x: lane.x + 8, y: bottom, maximumWidth: lane.width - 14, fill: fill, stroke: stroke,
                colour: colour, tooltip: tooltip)
            bottom += chipHeight + gap
            return chip.svg
        }

        mutating func chip(_ input: Input) -> String {
            switch input {
            case .event(let event): return add(event.rawValue, fill: "#1e3a8a", stroke: "#1e3a8a", colour: "#ffffff")
            case .action:
                return add("▸ " + Timeline.label(input), fill: "#ede9fe", stroke: "#7c3aed", colour: "#4c1d95")
            case .rejected(let name, let why):
                return add(
                    "✗ \(name) rejected", fill: "#f3f4f6", stroke: "#9ca3af", colour: "#6b7280",
                    tooltip: "\(name) rejected: \(why)")
            case .ignored(let name):
                return add("\(name) ignored", fill: "#f3f4f6", stroke: "#9ca3af", colour: "#6b7280")
            }
        }

        mutating func chip(_ check: Check) -> String {
            switch check {
            case .expect(let line, let source, let ok, let detail):
                let label = "\(ok ? "✓" : "✗") \(line): " + (source ?? "expect")
                var tooltip = "line \(line): \(source ?? "expect") — \(ok ? "held" : "FAILED")"
                if let detail { tooltip += ": " + detail }
                return ok
                    ? add(label, fill: "#f0fdf4", stroke: "#86efac", colour: "#166534", tooltip: tooltip)
                    : add(label, fill: "#dc2626", stroke: "#991b1b", colour: "#ffffff", tooltip: tooltip)
            case .frame(let name, let file, let hash):
                return add(
                    "◉ capture \(name)", fill: "#fff7ed", stroke: "#fb923c", colour: "#9a3412",
                    tooltip: "capture \(name): \(file ?? "not rendered"), hash \(hash)")
            case .violation(let invariant, let detail):
                return add(
                    "⚠ invariant \(invariant): \(detail)", fill: "#991b1b", stroke: "#7f1d1d", colour: "#ffffff",
                    tooltip: "invariant \(invariant) broken: \(detail)")
            case .end(let state, let hash, let ok):
                return add(
                    "■ end: \(state.rawValue), \(ok ? "ok" : "FAILED")", fill: ok ? "#e5e7eb" : "#dc2626",
                    stroke: ok ? "#6b7280" : "#991b1b", colour: ok ? "#111827" : "#ffffff",
                    tooltip: "end: \(state.rawValue), simulation hash \(hash), \(ok ? "ok" : "failed")")
            }
        }
    }

    /// Work chips flowing left to right, wrapping within a lane.
    struct Flow {
        let lane: Lane
        let top: Int
        var x: Int
        var y: Int
        var bottom: Int

        init(lane: Lane, top: Int) {
            self.lane = lane
            self.top = top
            x = lane.x + 8
            y = top
            bottom = top
        }

        mutating func add(_ item: WorkItem) -> String {
            let label = item.detail.map { "\(item.work.rawValue) · \($0)" } ?? item.work.rawValue
            let right = lane.x + lane.width - 6
            var width = Timeline.chipWidth(label, maximumWidth: lane.width - 14)
            if x + width > right, x > lane.x + 8 {
                x = lane.x + 8
                y += chipHeight + gap
            }
            width = min(width, right - x)
            let chip = Timeline.chip(
                label, x: x, y: y, maximumWidth: width, fill: "#f1f5f9", stroke: "#64748b", colour: "#0f172a",
                tooltip: label)
            x += chip.width + gap
            bottom = y + chipHeight + gap
            return chip.svg
        }
    }

    static func chipWidth(_ label: String, maximumWidth: Int) -> Int {
        min(Int((Double(label.count) * characterWidth).rounded(.up)) + 12, maximumWidth)
    }

    /// A rounded box with one line of text, cut to fit `maximumWidth`.
    static func chip(
        _ label: String, x: Int, y: Int, maximumWidth: Int, fill: String, stroke: String, colour: String,
        tooltip: String?
    ) -> (svg: String, width: Int) {
        let width = chipWidth(label, maximumWidth: maximumWidth)
        let shown = fit(label, width: width - 12, size: 11)
        var svg = "<g>"
        if let tooltip = tooltip ?? (shown == label ? nil : label) { svg += "<title>\(escape(tooltip))</title>" }
        svg += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(chipHeight)\" rx=\"4\" "
        svg += "fill=\"\(fill)\" stroke=\"\(stroke)\"/>"
        svg +=
            "<text x=\"\(x + 6)\" y=\"\(y + 13)\" fill=\"\(colour)\" xml:space=\"preserve\">\(escape(shown))</text></g>\n"
        return (svg, width)
    }

    /// `text` cut with `…` to fit `width` pixels at `size` px of the monospaced font.
    static func fit(_ text: String, width: Int, size: Int) -> String {
        let fits = max(Int(Double(width) / (characterWidth * Double(size) / 11)), 1)
        guard text.count > fits else { return text }
        return String(text.prefix(fits - 1)) + "…"
    }

    static func text(
        _ content: String, x: Int, y: Int, size: Int, bold: Bool = false, colour: String = "#111827"
    ) -> String {
        var svg = "<text x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\" fill=\"\(colour)\""
        if bold { svg += " font-weight=\"bold\"" }
        return svg + ">\(escape(content))</text>\n"
    }

    /// `text` safe in XML and HTML text and attribute values: `& < > " '` as entities, and the characters XML 1.0
    /// forbids (controls other than tab, line feed and carriage return; U+FFFE, U+FFFF) as U+FFFD.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
