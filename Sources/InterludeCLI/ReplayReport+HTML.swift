import Lifecycle
import Replay
import Runtime

extension ReplayReport {
    /// The page: totals, a table of every script (failed first), a profile matrix per script replayed under several
    /// profiles (ReplayReport+Matrix), then a section per script with its verdict,
    /// failures, thumbnails of its captured frames at their virtual times, its expectations with their lines, its
    /// timeline and links to its files. Pure: the same entries give the same bytes.
    static func html(_ entries: [Entry], command: String = "replay") -> String {
        let ordered = ordered(entries)
        let failed = ordered.filter { !$0.outcome.ok }.count
        let noun = command == "replay" ? "scripts" : "runs"
        var totals = "<p id=\"totals\" data-scripts=\"\(ordered.count)\" data-passed=\"\(ordered.count - failed)\" "
        totals += "data-failed=\"\(failed)\">\(ordered.count) \(noun): "
        totals += "<span class=\"count pass\">\(ordered.count - failed) passed</span> "
        totals += "<span class=\"count \(failed > 0 ? "fail" : "none")\">\(failed) failed</span></p>\n"
        var body = summary(ordered)
        body += matrixSections(ordered)
        for (index, entry) in ordered.enumerated() { body += section(entry, index: index) }
        return page(
            title: "Interlude \(command): \(ordered.count - failed) passed, \(failed) failed",
            heading: "Interlude \(command)", totals: totals, body: body, script: imageCheck)
    }

    /// An HTML page of Interlude's: every report (`replay`'s index.html, `simulate`'s index.html and report.html)
    /// is made here, in one style, with one escaping function (`escape`, Timeline's). `title` and `heading` are
    /// escaped; `totals`, `body` and `style` are HTML already built from escaped text; `script` is our own.
    static func page(
        title: String, heading: String, totals: String, body: String, style extra: String = "", script: String? = nil
    ) -> String {
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<title>\(escape(title))</title>\n"
        page += "<style>\n\(style)\(extra)</style>\n</head>\n<body>\n"
        page += "<header>\n<h1>\(escape(heading))</h1>\n\(totals)</header>\n"
        page += body
        if let script { page += "<script>\n\(script)</script>\n" }
        return page + "</body>\n</html>\n"
    }

    private static func summary(_ entries: [Entry]) -> String {
        var table = "<table class=\"summary\">\n<thead><tr><th>verdict</th><th>script</th><th>expectations</th>"
        table += "<th>frames</th><th>final state</th><th>simulation hash</th></tr></thead>\n<tbody>\n"
        for (index, entry) in entries.enumerated() {
            let outcome = entry.outcome
            let failedExpectations = entry.expectations.filter { !$0.ok }.count
            table += "<tr class=\"\(outcome.ok ? "pass" : "fail")\"><td>\(badge(outcome.verdict))</td>"
            table += "<td><a href=\"#script-\(index)\">\(escape(outcome.script))</a></td>"
            table +=
                "<td>\(outcome.expectations)\(failedExpectations > 0 ? " (\(failedExpectations) failed)" : "")</td>"
            table += "<td>\(outcome.frames.count)</td><td>\(escape(outcome.finalState ?? "—"))</td>"
            table += "<td><code>\(escape(outcome.simulationHash ?? "—"))</code></td></tr>\n"
        }
        return table + "</tbody>\n</table>\n"
    }

    private static func section(_ entry: Entry, index: Int) -> String {
        let outcome = entry.outcome
        var html = "<details class=\"script \(outcome.ok ? "pass" : "fail")\" id=\"script-\(index)\" "
        html +=
            "data-verdict=\"\(outcome.verdict.rawValue)\" data-script=\"\(escape(outcome.script))\"\(outcome.ok ? "" : " open")>\n"
        html += "<summary>\(badge(outcome.verdict)) <span class=\"name\">\(escape(outcome.script))</span> "
        html += "<span class=\"facts\">\(outcome.expectations) expectations · \(outcome.frames.count) frames · ends "
        html += "\(escape(outcome.finalState ?? "—"))</span></summary>\n"
        html += "<p class=\"links\"><a href=\"\(link(outcome.transcript))\">transcript</a>"
        if entry.timeline != nil {
            html += " · <a href=\"\(link(outcome.script + ".timeline.svg"))\">timeline (SVG)</a>"
            html += " · <a href=\"\(link(outcome.script + ".timeline.mmd"))\">timeline (Mermaid)</a>"
        }
        if let file = outcome.scriptFile { html += " · script <code>\(escape(file))</code>" }
        html += "</p>\n"
        if !outcome.failures.isEmpty {
            html += "<ul class=\"failures\">\n"
            for failure in outcome.failures { html += "<li>\(escape(failure))</li>\n" }
            html += "</ul>\n"
        }
        if let firstReplay = outcome.firstReplay {
            html += "<p class=\"problem\">Replayed again: the first replay \(escape(firstReplay))</p>\n"
        }
        if let problem = entry.problem { html += "<p class=\"problem\">\(escape(problem))</p>\n" }
        html += frames(entry)
        html += engines(entry)
        html += expectations(entry)
        if let timeline = entry.timeline {
            html += "<h3>Timeline</h3>\n<div class=\"timeline\">\n\(timeline.svg())</div>\n"
        }
        return html + "</details>\n"
    }

    private static func frames(_ entry: Entry) -> String {
        let captured = entry.frames
        guard !captured.isEmpty else { return "" }
        var html = "<h3>Captured frames</h3>\n<div class=\"frames\">\n"
        for frame in captured {
            html += "<figure class=\"frame\">"
            if let file = frame.file {
                html += "<a href=\"\(link(file))\"><img src=\"\(link(file))\" alt=\"\(escape(frame.name))\" "
                html += "width=\"320\" height=\"180\"></a>"
            } else {
                html += "<div class=\"unrendered\">not rendered<br><code>\(escape(frame.hash))</code></div>"
            }
            html += "<figcaption><b>\(escape(frame.name))</b> at \(frame.time.map(Timeline.timeText) ?? "?")"
            html += "<br><code>\(escape(frame.hash))</code></figcaption></figure>\n"
        }
        return html + "</div>\n"
    }

    /// What the engines the replay asked for delivered under its profile (CONTRACT §8 `engine`): a row per moment
    /// that had any, its input and, per engine, the events in order.
    private static func engines(_ entry: Entry) -> String {
        let moments = (entry.timeline?.moments ?? []).filter { !$0.engineEvents.isEmpty }
        guard !moments.isEmpty else { return "" }
        var names: [String] = []
        for moment in moments {
            for item in moment.engineEvents where !names.contains(item.engine) { names.append(item.engine) }
        }
        let profile = entry.outcome.profile.map { " under \(escape($0))" } ?? ""
        var html = "<h3>What the engines received\(profile)</h3>\n<table class=\"engines\">\n<thead><tr>"
        html +=
            "<th>time</th><th>event</th>" + names.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for moment in moments {
            html += "<tr><td>\(Timeline.timeText(moment.time))</td><td><code>\(escape(inputText(moment)))</code></td>"
            for name in names {
                let events = moment.engineEvents.filter { $0.engine == name }.map { "<code>\(escape($0.event))</code>" }
                html += "<td>" + (events.isEmpty ? "—" : events.joined(separator: " → ")) + "</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    private static func expectations(_ entry: Entry) -> String {
        let rows = entry.expectations
        guard !rows.isEmpty else { return "" }
        var html = "<h3>Expectations</h3>\n<table class=\"expectations\">\n"
        html += "<thead><tr><th>time</th><th>line</th><th>script</th><th>result</th></tr></thead>\n<tbody>\n"
        for row in rows.prefix(expectationRows) {
            html += "<tr class=\"\(row.ok ? "held" : "failed")\"><td>\(Timeline.timeText(row.time))</td>"
            html += "<td>\(row.line)</td><td><code>\(escape(row.source ?? "expect …"))</code></td>"
            html += "<td>\(row.ok ? "✓ held" : "✗ failed")"
            if let detail = row.detail { html += ": " + escape(detail) }
            html += "</td></tr>\n"
        }
        if rows.count > expectationRows {
            html += "<tr><td colspan=\"4\">\(rows.count - expectationRows) more: see the transcript</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    static func badge(_ verdict: ReplayOutcome.Verdict) -> String {
        "<span class=\"badge \(verdict.rawValue)\">\(verdict == .crashed ? "CRASH" : verdict.rawValue.uppercased())</span>"
    }

    static func escape(_ text: String) -> String { Timeline.escape(text) }

    /// A file beside the page as a relative URL: every byte but letters, digits and `-._~` percent-encoded, so that
    /// a name can neither leave the attribute nor become another scheme (`javascript:`) or path.
    static func link(_ file: String) -> String {
        var out = "./"
        for byte in file.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}

extension ReplayReport.Entry {
    /// An `expect` line as the page lists it.
    struct ExpectationRow {
        let time: Nanoseconds
        let line: Int
        let source: String?
        let ok: Bool
        let detail: String?
    }

    /// A captured frame with the virtual time it was captured at (nil when the transcript did not say).
    struct CapturedFrame {
        let name: String
        let file: String?
        let hash: String
        let time: Nanoseconds?
    }

    var expectations: [ExpectationRow] {
        (timeline?.moments ?? []).flatMap { moment in
            moment.checks.compactMap { check -> ExpectationRow? in
                guard case .expect(let line, let source, let ok, let detail) = check else { return nil }
                return ExpectationRow(time: moment.time, line: line, source: source, ok: ok, detail: detail)
            }
        }
    }

    /// The captured frames, in order, each with the virtual time it was captured at (from the transcript; frames past
    /// the timeline's end are listed without a time).
    var frames: [CapturedFrame] {
        var found: [CapturedFrame] = []
        for moment in timeline?.moments ?? [] {
            for case .frame(let name, let file, let hash) in moment.checks {
                found.append(CapturedFrame(name: name, file: file, hash: hash, time: moment.time))
            }
        }
        for (offset, frame) in outcome.frames.enumerated().dropFirst(found.count) {
            found.append(CapturedFrame(name: "frame \(offset + 1)", file: frame.file, hash: frame.hash, time: nil))
        }
        return found
    }
}
