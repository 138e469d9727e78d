// SimulateReport+Heatmap: a profile's state graph as inline SVG, drawn by Interlude itself (no Graphviz, the same
// bytes on every machine): each state a box at a fixed place, each legal row of the profile's table an arrow
// labelled with its event and how often the seeds took it, tinted on a log scale from pale to dark blue; a row never
// taken is a red dashed arrow marked `never`, a state no move began in a red dashed box. Arrows between the same two
// states fan out side by side; a row that stays in its state is a loop on the box's outer side. Every arrow and box
// has a tooltip (its row, its count, the faults that fired in it). Coordinates are whole numbers.

import Foundation
import Lifecycle
import Simulation

extension SimulateReport {
    /// Where each state's box is centred, and which side its loops go on (x, y, loop direction as a unit vector).
    private static let places: [AppState: (x: Double, y: Double, loop: (Double, Double))] = [
        .notRunning: (100, 170, (0, -1)), .launching: (100, 660, (0, 1)), .active: (340, 420, (-1, 0)),
        .inactive: (620, 170, (0, -1)), .background: (900, 420, (1, 0)), .suspended: (900, 660, (0, 1)),
        .terminated: (340, 660, (0, 1)),
    ]
    private static let size = (width: 1260, height: 820)
    private static let box = (halfWidth: 66.0, halfHeight: 22.0)
    /// The heat levels' fills (1 palest ... 5 darkest); level 0 is never reached.
    private static let levels = ["#dc2626", "#bfdbfe", "#93c5fd", "#60a5fa", "#2563eb", "#1e3a8a"]

    /// 0 for never; else 1...5 on a log scale of `count` against `peak`.
    static func heatLevel(_ count: Int, peak: Int) -> Int {
        guard count > 0 else { return 0 }
        let share = log(Double(count) + 1) / log(Double(max(peak, 1)) + 1)
        return max(1, min(5, Int((share * 5).rounded(.up))))
    }

    /// The profile's state graph with its counts, as an `<svg>` element.
    static func heatmap(_ coverage: SimulationCoverage) -> String {
        let peak = coverage.peak
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(size.width) \(size.height)\" "
        svg += "width=\"\(size.width)\" height=\"\(size.height)\" font-family=\"DejaVu Sans, Arial, sans-serif\" "
        svg +=
            "role=\"img\" aria-label=\"\(escape("state graph of \(coverage.profile.name), coloured by cells reached"))\">\n"
        svg += "<defs>\n"
        for (level, colour) in levels.enumerated() {
            svg += "<marker id=\"arrow-\(escape(coverage.profile.name))-\(level)\" viewBox=\"0 0 10 10\" refX=\"9\" "
            svg += "refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">"
            svg += "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(colour)\"/></marker>\n"
        }
        svg += "</defs>\n"
        svg += edges(coverage, peak: peak)
        svg += nodes(coverage, peak: peak)
        svg += legend(peak: peak)
        return svg + "</svg>\n"
    }

    private static func edges(_ coverage: SimulationCoverage, peak: Int) -> String {
        var svg = ""
        // Arrows between the same two states (either way) share a fan; loops on one state share its side.
        var fans: [String: [SimulationCoverage.Edge]] = [:]
        for edge in coverage.edges { fans[fanKey(edge), default: []].append(edge) }
        var placed: [String: Int] = [:]
        for edge in coverage.edges {
            let key = fanKey(edge)
            let index = placed[key, default: 0]
            placed[key] = index + 1
            let (path, label) =
                edge.from == edge.to
                ? loop(edge.from, index: index) : arc(edge, index: index, of: fans[key]!.count)
            let level = heatLevel(edge.count, peak: peak)
            let colour = levels[level]
            var tip = "\(edge.from.rawValue) → \(edge.to.rawValue) on \(edge.label): "
            tip += edge.count == 0 ? "never reached" : "\(edge.count) times"
            for (fault, count) in edge.faults.sorted(by: { $0.key < $1.key }) { tip += "\n\(fault) \(count)" }
            svg += "<g class=\"edge\" data-from=\"\(edge.from.rawValue)\" data-to=\"\(edge.to.rawValue)\" "
            svg += "data-event=\"\(edge.event.rawValue)\" data-count=\"\(edge.count)\"><title>\(escape(tip))</title>"
            svg +=
                "<path d=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(level == 0 ? 1.5 : 1 + Double(level) * 0.5)\""
            svg += level == 0 ? " stroke-dasharray=\"5 4\"" : ""
            svg += " marker-end=\"url(#arrow-\(escape(coverage.profile.name))-\(level))\"/>"
            svg += "<text x=\"\(label.x)\" y=\"\(label.y)\" font-size=\"10\" text-anchor=\"\(label.anchor)\" "
            svg +=
                "fill=\"\(level == 0 ? levels[0] : "#111827")\" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">"
            svg += "\(escape(edge.label)) \(edge.count == 0 ? "never" : "\(edge.count)")</text></g>\n"
        }
        return svg
    }

    private static func fanKey(_ edge: SimulationCoverage.Edge) -> String {
        let pair = [edge.from, edge.to].map(\.rawValue)
        return edge.from == edge.to ? pair[0] : pair.sorted().joined(separator: " ")
    }

    /// The `index`-th of `count` curves between two boxes, and where its label goes (the curve's midpoint).
    private static func arc(
        _ edge: SimulationCoverage.Edge, index: Int, of count: Int
    ) -> (String, (x: Int, y: Int, anchor: String)) {
        let a = places[edge.from]!
        let b = places[edge.to]!
        // The fan's normal is taken from the pair in a fixed order, so both directions share one side-by-side order.
        let (first, second) = edge.from.rawValue < edge.to.rawValue ? (a, b) : (b, a)
        let (dx, dy) = (second.x - first.x, second.y - first.y)
        let length = max(1, (dx * dx + dy * dy).squareRoot())
        let offset = (Double(index) - Double(count - 1) / 2) * 38
        let control = ((a.x + b.x) / 2 - dy / length * offset, (a.y + b.y) / 2 + dx / length * offset)
        let start = boxEdge(from: (a.x, a.y), toward: control)
        let end = boxEdge(from: (b.x, b.y), toward: control)
        let label = (
            x: Int((0.25 * start.x + 0.5 * control.0 + 0.25 * end.x).rounded()),
            y: Int((0.25 * start.y + 0.5 * control.1 + 0.25 * end.y).rounded()) + 3, anchor: "middle"
        )
        return (
            "M\(int(start.x)),\(int(start.y)) Q\(int(control.0)),\(int(control.1)) \(int(end.x)),\(int(end.y))", label
        )
    }

    /// The `index`-th loop on `state`'s outer side, and where its label goes (beyond its far end).
    private static func loop(_ state: AppState, index: Int) -> (String, (x: Int, y: Int, anchor: String)) {
        let place = places[state]!
        let (ux, uy) = place.loop
        // Along the loop's direction, from the box's side; across it, the loop's two feet.
        let base = abs(ux) > 0 ? box.halfWidth : box.halfHeight
        let reach = 34 + Double(index) * 26
        let spread = 16 + Double(index) * 6
        let (px, py) = (-uy, ux)
        let foot = (place.x + ux * base, place.y + uy * base)
        let start = (foot.0 - px * spread, foot.1 - py * spread)
        let end = (foot.0 + px * spread, foot.1 + py * spread)
        let c1 = (start.0 + ux * reach * 1.33 - px * spread, start.1 + uy * reach * 1.33 - py * spread)
        let c2 = (end.0 + ux * reach * 1.33 + px * spread, end.1 + uy * reach * 1.33 + py * spread)
        let tip = (foot.0 + ux * reach, foot.1 + uy * reach)
        // Beyond the loop's far end: above, below, or beside it (anchored away from the box, each a line lower).
        let label = (
            x: Int(tip.0.rounded()) + Int(ux * 4),
            y: Int(tip.1.rounded()) + (uy < 0 ? -3 : uy > 0 ? 10 : 3 + 12 * index),
            anchor: ux < 0 ? "end" : ux > 0 ? "start" : "middle"
        )
        let path =
            "M\(int(start.0)),\(int(start.1)) C\(int(c1.0)),\(int(c1.1)) \(int(c2.0)),\(int(c2.1)) "
            + "\(int(end.0)),\(int(end.1))"
        return (path, label)
    }

    /// Where the line from a box's centre toward `point` leaves the box.
    private static func boxEdge(from centre: (Double, Double), toward point: (Double, Double)) -> (x: Double, y: Double)
    {
        let (vx, vy) = (point.0 - centre.0, point.1 - centre.1)
        let scale = min(box.halfWidth / max(abs(vx), 1e-9), box.halfHeight / max(abs(vy), 1e-9))
        return (centre.0 + vx * min(scale, 1), centre.1 + vy * min(scale, 1))
    }

    private static func nodes(_ coverage: SimulationCoverage, peak: Int) -> String {
        var svg = ""
        for node in coverage.nodes {
            let place = places[node.state]!
            let level = heatLevel(node.count, peak: peak)
            let fill = level == 0 ? "#fef2f2" : levels[level]
            let ink = level >= 4 ? "#ffffff" : "#111827"
            var tip = "\(node.state.rawValue): "
            tip +=
                node.count == 0 ? "no move began here" : "\(node.count) moves began here, \(node.kills) of them kills"
            let facts = node.count == 0 ? "never" : "\(node.count) moves · \(node.kills) kills"
            svg += "<g class=\"node\" data-state=\"\(node.state.rawValue)\" data-count=\"\(node.count)\"><title>"
            svg +=
                "\(escape(tip))</title><rect x=\"\(int(place.x - box.halfWidth))\" y=\"\(int(place.y - box.halfHeight))\" "
            svg +=
                "width=\"\(int(box.halfWidth * 2))\" height=\"\(int(box.halfHeight * 2))\" rx=\"10\" fill=\"\(fill)\" "
            svg += "stroke=\"\(level == 0 ? levels[0] : "#1e3a8a")\" stroke-width=\"1.5\""
            svg += level == 0 ? " stroke-dasharray=\"5 4\"/>" : "/>"
            svg += "<text x=\"\(int(place.x))\" y=\"\(int(place.y) - 3)\" font-size=\"13\" font-weight=\"bold\" "
            svg += "text-anchor=\"middle\" fill=\"\(ink)\">\(node.state.rawValue)</text>"
            svg += "<text x=\"\(int(place.x))\" y=\"\(int(place.y) + 13)\" font-size=\"10\" text-anchor=\"middle\" "
            svg += "fill=\"\(level == 0 ? levels[0] : ink)\">\(facts)</text></g>\n"
        }
        return svg
    }

    /// The scale: never, then each level with the counts it holds.
    private static func legend(peak: Int) -> String {
        var svg = "<g class=\"legend\" font-size=\"11\">"
        var x = 20
        let y = size.height - 40
        svg +=
            "<line x1=\"\(x)\" y1=\"\(y)\" x2=\"\(x + 30)\" y2=\"\(y)\" stroke=\"\(levels[0])\" stroke-width=\"1.5\" "
        svg += "stroke-dasharray=\"5 4\"/><text x=\"\(x + 36)\" y=\"\(y + 4)\" fill=\"\(levels[0])\">never</text>"
        x += 90
        var low = 1
        for level in 1...5 {
            var high = low
            while high < peak, heatLevel(high + 1, peak: peak) <= level { high += 1 }
            guard heatLevel(low, peak: peak) == level else { continue }
            svg += "<rect x=\"\(x)\" y=\"\(y - 7)\" width=\"30\" height=\"14\" rx=\"3\" fill=\"\(levels[level])\"/>"
            svg += "<text x=\"\(x + 36)\" y=\"\(y + 4)\">\(low == high ? "\(low)" : "\(low)–\(high)")</text>"
            x += 120
            low = high + 1
            if low > peak { break }
        }
        svg += "<text x=\"20\" y=\"\(y + 22)\" fill=\"#6b7280\">times a cell (state, event) was reached, summed "
        svg += "over the seeds; a move in which k fault points fired counts k times; the first launch of each run is "
        svg += "not a move</text>"
        return svg + "</g>\n"
    }

    private static func int(_ value: Double) -> Int { Int(value.rounded()) }
}
