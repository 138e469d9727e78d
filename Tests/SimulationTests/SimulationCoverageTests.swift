// SimulationCoverageTests: the coverage read back from a simulation's cells: keys parse to cells and back, status
// texts to statuses, the table's rows and columns come in a fixed order, and each cell counts on the one legal row the
// table picks for it (the most specific), with its faults; a row no cell took counts 0.

import Lifecycle
import Simulation
import Testing

@Suite("the simulation's coverage: table and state graph")
struct SimulationCoverageTests {
    @Test("a key is a cell and back; a malformed key is none")
    func keys() throws {
        let plain = try #require(SimulationCell(key: "background+task suspendedByOS"))
        #expect(plain.state == "background+task")
        #expect(plain.event == "suspendedByOS")
        #expect(plain.fault == nil)
        #expect(plain.key == "background+task suspendedByOS")
        let faulted = try #require(SimulationCell(key: "active homePressed storage.fsync.fails"))
        #expect(faulted.fault == "storage.fsync.fails")
        #expect(faulted.key == "active homePressed storage.fsync.fails")
        for bad in ["", "active", "a b c d", "active  homePressed", " active homePressed"] {
            #expect(SimulationCell(key: bad) == nil, "\(bad)")
        }
    }

    @Test("status texts as the runtime writes them parse; others do not")
    func statuses() {
        #expect(SimulationCell.status("active") == Status(.active))
        #expect(SimulationCell.status("inactive(call)") == Status(.inactive, reason: .call))
        #expect(SimulationCell.status("background+task") == Status(.background, hasOpenBackgroundTask: true))
        #expect(
            SimulationCell.status("background(lock)+task")
                == Status(.background, reason: .lock, hasOpenBackgroundTask: true))
        #expect(
            SimulationCell.status("suspended(lock)+rotated")
                == Status(.suspended, reason: .lock, isRelaunchPending: true))
        for text in Set(Lifecycle.statuses.map(\.description)) {
            #expect(SimulationCell.status(text)?.description == text)
        }
        for bad in [
            "", "Active", "inactive(cal)", "active+task", "inactive(call", "background+task+task", "(call)",
            "active+rotated",
        ] {
            #expect(SimulationCell.status(bad) == nil, "\(bad)")
        }
    }

    @Test("rows in AppState order, columns in Event order then kill; totals and breakdowns")
    func table() {
        let coverage = SimulationCoverage(
            profile: .ios26,
            cells: [
                "suspended iconTapped": 2, "active homePressed": 5, "active homePressed storage.fsync.fails": 1,
                "active kill os.kill.anyInstant": 3, "inactive(call) callEnded": 4, "active launched": 1,
                "not a cell at all": 9,
            ])
        #expect(coverage.states == ["active", "inactive(call)", "suspended"])
        #expect(coverage.events == ["launched", "iconTapped", "callEnded", "homePressed", "kill"])
        #expect(coverage.total("active", "homePressed") == 6)
        #expect(coverage.breakdown("active", "homePressed").map(\.fault) == [nil, "storage.fsync.fails"])
        #expect(coverage.total("active", "smsArrived") == 0)
        #expect(coverage.counts.count == 6)
    }

    @Test("each cell counts on the row the table picks, with its faults; a row never taken counts 0")
    func graph() throws {
        let coverage = SimulationCoverage(
            profile: .ios26,
            cells: [
                "active homePressed": 5, "active homePressed storage.write.noSpace": 2,
                "inactive(call) callEnded": 4, "inactive(switcher) callEnded": 1, "active kill os.kill.anyInstant": 3,
            ])
        let edges = coverage.edges
        let legal = Profile.ios26.rows.filter {
            if case .go = $0.outcome { return true }
            return false
        }
        #expect(edges.count == legal.count)
        let home = try #require(edges.first { $0.from == .active && $0.event == .homePressed })
        #expect(home.to == .background)
        #expect(home.count == 7)
        #expect(home.faults == ["storage.write.noSpace": 2])
        let callEnded = try #require(edges.first { $0.from == .inactive && $0.event == .callEnded })
        #expect(callEnded.label == "(call) callEnded")
        #expect(callEnded.count == 4, "callEnded in inactive(switcher) is not the (call) row's")
        #expect(edges.contains { $0.count == 0 })
        let active = try #require(coverage.nodes.first { $0.state == .active })
        #expect(active.count == 10)
        #expect(active.kills == 3)
        #expect(
            coverage.nodes.map(\.state)
                == AppState.allCases.filter { state in coverage.nodes.contains { $0.state == state } })
        #expect(coverage.peak == 10)
    }

    @Test("the same cells give the same coverage, whatever order they were added in")
    func deterministic() {
        let cells = ["active homePressed": 5, "background suspendedByOS": 2, "suspended iconTapped": 1]
        let one = SimulationCoverage(profile: .android34, cells: cells)
        let two = SimulationCoverage(profile: .android34, cells: Dictionary(uniqueKeysWithValues: cells.reversed()))
        #expect(one.edges == two.edges)
        #expect(one.nodes == two.nodes)
        #expect(one.states == two.states)
        #expect(one.events == two.events)
    }
}
