// SimulateReport+HTML: report.html, one self-contained page (no script, no external asset; every text escaped):
// the summary, the failures with the command that replays each, the `--sometimes` cells never reached, the fault
// points fired and reached, and per profile a heatmap over its state graph (SimulateReport+Heatmap) and its table of
// (state x event) cells, each cell's count with its faults in a tooltip and, below, every cell in which a fault fired.

import Lifecycle
import Replay
import Simulation

extension SimulateReport {
    /// The page. Pure: the same tally gives the same bytes.
    static func html(_ tally: SimulateTally) -> String {
        let verdict = tally.ok ? "pass" : "fail"
        var totals =
            "<p id=\"totals\" class=\"\(verdict)\" data-runs=\"\(tally.runs)\" data-failures=\"\(tally.failures.count)\" "
        totals += "data-never-reached=\"\(tally.neverReached?.count ?? 0)\">\(tally.runs) runs"
        totals += tally.shard.map { " (shard \(escape($0)))" } ?? ""
        totals +=
            ": <span class=\"count \(tally.failures.isEmpty ? "pass" : "fail")\">\(tally.failures.count) failures</span>"
        if let never = tally.neverReached {
            totals += " <span class=\"count \(never.isEmpty ? "pass" : "fail")\">\(never.count) never reached</span>"
        }
        totals += "</p>\n"
        var page = ""
        page +=
            "<p class=\"facts\">build <code>\(escape(tally.build))</code> · \(escape(tally.profiles.joined(separator: ", ")))"
        page += " · \(String(format: "%.2f", tally.simulatedHours)) simulated hours (\(tally.hours) h a run) · faults "
        page +=
            "<code>\(escape(tally.faults))</code> at \(tally.rate)‰"
            + (tally.backgroundStore == true ? " · a background store" : "")
            + " · \(tally.moves) moves · \(tally.kills) kills · "
        page += "\(tally.tolerated) invariant reports tolerated</p>\n"
        page +=
            "<p id=\"timing\" class=\"facts\">timing: in <a href=\"timing.json\">timing.json</a> (the one file that "
            + "differs between two runs of the same seeds)</p>\n"
        page += failures(tally)
        page += faultTable(tally)
        let coverage = tally.coverage
        for name in tally.profiles {
            if let profileCoverage = coverage[name] { page += profileSection(profileCoverage) }
        }
        page +=
            "<p class=\"facts\">Each run's verdict, failures and transcript: <a href=\"index.html\">index.html</a></p>\n"
        return ReplayReport.page(
            title: "Interlude simulate: \(tally.runs) runs, \(tally.failures.count) failures",
            heading: "Interlude simulate", totals: totals, body: page, style: style)
    }

    private static func failures(_ tally: SimulateTally) -> String {
        var html = "<h2>Failures (\(tally.failures.count), each (invariant, site) once)</h2>\n"
        if tally.failures.isEmpty { html += "<p class=\"none\">No run broke an invariant.</p>\n" }
        for failure in tally.failures {
            html += "<div class=\"failure\"><p><b>\(escape(failure.kind))</b>: \(escape(failure.detail))</p>\n"
            html += "<p>seeds \(escape(failure.seeds.map(String.init).joined(separator: ", "))) · replay: "
            html += "<code>\(escape(reproduce(failure, tally)))</code></p></div>\n"
        }
        if let never = tally.neverReached {
            html += "<h2>Sometimes: \(never.count) cells never reached</h2>\n"
            if never.isEmpty { html += "<p class=\"none\">Every cell of the list was reached.</p>\n" }
            if !never.isEmpty {
                html += "<ul class=\"failures never\">\n"
                html += never.map { "<li>NEVER REACHED \(escape($0))</li>\n" }.joined() + "</ul>\n"
            }
        }
        if !tally.differing.isEmpty {
            html += "<h2>Not deterministic</h2>\n<ul class=\"failures\">\n"
            html +=
                tally.differing.map { "<li>\(escape($0)): the second run's transcript is not the first's</li>\n" }
                .joined() + "</ul>\n"
        }
        return html
    }

    private static func faultTable(_ tally: SimulateTally) -> String {
        var html = "<h2>Fault points</h2>\n<table class=\"faults\">\n<thead><tr><th>point</th><th>fired</th>"
        html += "<th>reached</th></tr></thead>\n<tbody>\n"
        for count in tally.faultCounts {
            html += "<tr\(count.fired == 0 ? " class=\"zero\"" : "")><td><code>\(escape(count.point))</code></td>"
            html += "<td>\(count.fired)</td><td>\(count.reached)</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    private static func profileSection(_ coverage: SimulationCoverage) -> String {
        let name = coverage.profile.name
        let legal = coverage.edges.count
        let never = coverage.edges.filter { $0.count == 0 }.count
        var html = "<section class=\"profile\" id=\"profile-\(escape(name))\">\n<h2>\(escape(name))</h2>\n"
        html += "<p class=\"facts\">\(coverage.counts.count) cells reached · \(legal - never) of \(legal) legal rows "
        html += "taken, <span class=\"never\">\(never) never</span></p>\n"
        html += "<h3>Heatmap over the state graph</h3>\n<div class=\"heatmap\">\n\(heatmap(coverage))</div>\n"
        html += "<h3>Cells: state x event (hover a count for its faults)</h3>\n\(cellTable(coverage))"
        html += faultCells(coverage)
        return html + "</section>\n"
    }

    /// Rows the states reached, columns the events reached; each cell its count, tinted like the heatmap.
    private static func cellTable(_ coverage: SimulationCoverage) -> String {
        let peak = coverage.counts.values.max() ?? 1
        var html = "<div class=\"scroll\"><table class=\"cells\">\n<thead><tr><th>state \\ event</th>"
        for event in coverage.events { html += "<th class=\"event\"><span>\(escape(event))</span></th>" }
        html += "</tr></thead>\n<tbody>\n"
        for state in coverage.states {
            html += "<tr><th>\(escape(state))</th>"
            for event in coverage.events {
                let breakdown = coverage.breakdown(state, event)
                let total = breakdown.reduce(0) { $0 + $1.count }
                guard total > 0 else {
                    html += "<td class=\"empty\"></td>"
                    continue
                }
                let faults = breakdown.map { "\($0.fault ?? "no fault") \($0.count)" }.joined(separator: "\n")
                let faulted = breakdown.contains { $0.fault != nil }
                html += "<td class=\"level\(heatLevel(total, peak: peak))\(faulted ? " faulted" : "")\" "
                html += "title=\"\(escape("\(state) \(event)\n\(faults)"))\">\(total)</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table></div>\n"
    }

    /// Every cell in which a fault point fired, with how often: the tooltips' content as a table.
    private static func faultCells(_ coverage: SimulationCoverage) -> String {
        let faulted = coverage.counts.filter { $0.key.fault != nil }.sorted { $0.key < $1.key }
        var html = "<details class=\"faultcells\"><summary>\(faulted.count) cells in which a fault point fired"
        html += "</summary>\n<table>\n<thead><tr><th>state</th><th>event</th><th>fault point</th><th>times</th></tr>"
        html += "</thead>\n<tbody>\n"
        for (cell, count) in faulted {
            html += "<tr><td>\(escape(cell.state))</td><td>\(escape(cell.event))</td>"
            html += "<td><code>\(escape(cell.fault ?? ""))</code></td><td>\(count)</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</details>\n"
    }

    static func escape(_ text: String) -> String { Timeline.escape(text) }

    /// The page's own CSS, after the replay report's.
    static let style = """
        #totals.fail { color: var(--fail); }
        p.facts { color: var(--muted); }
        p.none { color: var(--pass); }
        div.failure { background: #fef2f2; border: 1px solid #fecaca; border-radius: 6px; padding: 0 12px;
                      margin: 8px 0; }
        table.faults tr.zero td { color: var(--muted); }
        section.profile { background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; margin: 16px 0;
                          padding: 0 16px 12px; }
        span.never { color: var(--fail); }
        div.heatmap { overflow-x: auto; border: 1px solid #e5e7eb; border-radius: 6px; }
        div.heatmap svg { display: block; max-width: 100%; height: auto; }
        div.scroll { overflow-x: auto; }
        table.cells { font-size: 11px; }
        table.cells th.event { vertical-align: bottom; padding: 4px 2px; }
        table.cells th.event span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
        table.cells td { text-align: right; padding: 2px 5px; border-left: 1px solid #f3f4f6; cursor: default; }
        table.cells td.faulted { box-shadow: inset 0 -3px 0 #f59e0b; }
        table.cells td.level1 { background: #dbeafe; } table.cells td.level2 { background: #bfdbfe; }
        table.cells td.level3 { background: #93c5fd; } table.cells td.level4 { background: #60a5fa; color: #fff; }
        table.cells td.level5 { background: #1d4ed8; color: #fff; }
        details.faultcells { margin: 8px 0; } details.faultcells summary { font-size: 14px; }

        """
}
