// SocketMatchTransport: the runtime's `MatchTransport` over real sockets (`MatchConnection`, WebSocket to a match
// server). Two pacings, as the leaderboard has:
// - `realTime` (the window): messages are applied at the frame point when they have arrived.
// - `lockstep` (replays): an `InMemoryMatch` is the oracle of what is due at each tick (joins, leaves and messages
//   of the scripted peers, the server going away); every event it predicts must come over our real socket, and is
//   waited for, bounded, before it is applied, with the content the socket brought. The scripted peers are real
//   clients of the same server, in this process, stepped by the runtime's ticks, sending what `pilot` says. So the
//   bytes crossed the socket, and the transcript is the same on every run.
// The game's messages cross as their text (`MatchMessage.wireText`, the wire's `data`); the server never reads
// them. A peer is the server's id: the oracle predicts a peer by name (names are unique in a match) and the game is
// handed the id the server gave.
// Calls come from the runtime's thread only (a plain thread: MatchConnection blocks on its own).

import Foundation
import InterludeNetwork
import MatchWire
import Runtime

/// A match over real sockets, carrying the game's `Message`s.
public final class SocketMatchTransport<Message: MatchMessage>: MatchTransport {
    /// How messages are applied.
    public enum Pacing: Sendable {
        case realTime
        case lockstep
    }

    /// What the replay's harness does to the match server for `match down` / `match up`; `up` returns the
    /// server's URL (the same port again).
    public struct ServerControl: Sendable {
        public let down: @Sendable () -> Void
        public let up: @Sendable () throws -> String

        public init(down: @escaping @Sendable () -> Void, up: @escaping @Sendable () throws -> String) {
            self.down = down
            self.up = up
        }
    }

    public private(set) var url: String
    public let pacing: Pacing
    let oracle: InMemoryMatch<Message>?
    let control: ServerControl?
    let pilot: MatchPilot<Message>?
    private var connection: MatchConnection?
    private var inMatch = false
    private var buffered: [MatchServerMessage] = []  // lockstep: arrived, not yet due
    private var bots: [String: Bot] = [:]  // lockstep: the scripted peers' real connections
    /// Why the last real exchange went wrong, for the host's log (nil: nothing went wrong).
    public private(set) var lastProblem: String?
    /// Seconds a join waits for the server's welcome.
    public var joinTimeout = 5.0
    /// A run's fault stalled or garbled the server (`disturb`): our side gives up on the connection when the loss
    /// the oracle predicts is due.
    private var givingUp = false

    /// A scripted peer: its real connection and what it has seen of us.
    final class Bot {
        let connection: MatchConnection
        var seesUs = false
        init(_ connection: MatchConnection) { self.connection = connection }
    }

    /// The window's transport: joins the server at `url`, applies what has arrived.
    public init(url: String) {
        self.url = url
        pacing = .realTime
        oracle = nil
        control = nil
        pilot = nil
    }

    /// A replay's transport: the server at `url` (an embedded one the harness controls through `control`),
    /// scripted peers sending what `pilot` says, lockstep at `MatchLockstep.latency`.
    public init(url: String, pilot: MatchPilot<Message>, control: ServerControl) {
        self.url = url
        pacing = .lockstep
        oracle = InMemoryMatch(pilot: pilot)
        self.control = control
        self.pilot = pilot
    }

    deinit { close() }

    public var isConnected: Bool { connection?.isConnected ?? false }
    public var isInMatch: Bool { inMatch }
    /// A replay's match misbehaves on purpose, as the in-memory one does (its peers are ours); the window's live
    /// match never does (its peers are people).
    public var isDisturbable: Bool { pacing == .lockstep }
    /// The scripted peers of our match, in join order.
    public var matchedPeers: [String] { oracle?.matchedPeers ?? [] }

    public func join(level: Int, name: String, tick: Int64) -> String? {
        leave(tick: tick)
        if let oracle, let why = oracle.join(level: level, name: name, tick: tick) { return why }
        do {
            connection = try MatchConnection.connect(url: url, name: name, level: level, timeout: joinTimeout)
            inMatch = true
            buffered = []
            return nil
        } catch {
            oracle?.leave(tick: tick)
            lastProblem = error.description
            return error.description
        }
    }

    public func leave(tick: Int64) {
        inMatch = false
        buffered = []
        givingUp = false
        oracle?.leave(tick: tick)
        guard let connection else { return }
        self.connection = nil
        connection.close(goodbye: true, timeout: 1)
    }

    public func exchange(tick: Int64, state: Message?, outgoing: [Message]) -> [MatchEvent<Message>] {
        guard inMatch else { return [] }
        if let connection, connection.isConnected {
            let period = pacing == .realTime ? MatchLockstep.statePeriod : MatchLockstep.replayStatePeriod
            if let state, tick % period == 0 { send(state, tick: tick, on: connection) }
            for message in outgoing { send(message, tick: tick, on: connection) }
        }
        switch pacing {
        case .realTime: return takeArrived()
        case .lockstep: return takeDue(tick: tick, state: state, outgoing: outgoing)
        }
    }

    /// Sends one of the game's messages as its text; one the wire would refuse (too long, a control character)
    /// is not sent (the server would cut us), and said in `lastProblem`.
    private func send(_ message: Message, tick: Int64, on connection: MatchConnection) {
        let text = message.wireText
        do {
            try validateMatchData(text)
            connection.send(.send(tick: tick, data: text))
        } catch {
            lastProblem = "tick \(tick): a message the wire refuses, not sent: \(error)"
        }
    }

    // MARK: Real time

    private func takeArrived() -> [MatchEvent<Message>] {
        guard let connection else { return [] }
        var events: [MatchEvent<Message>] = []
        for item in connection.poll() where inMatch {
            switch item {
            case .message(let message):
                guard let event = event(of: message, on: connection) else { continue }
                events.append(event)
                if case .lost = event { inMatch = false }
            case .closed(let closure):
                if case .byClient = closure { continue }
                events.append(.lost(why: "the match server closed the connection (\(closure))"))
                inMatch = false
            }
        }
        return events
    }

    /// The game's event for a server message; nil for what the game need not hear (our own join, a message of a
    /// player we were never told of, text the game cannot read: said in `lastProblem`).
    private func event(of message: MatchServerMessage, on connection: MatchConnection) -> MatchEvent<Message>? {
        switch message {
        case .welcome: return nil
        case .joined(let id, let name):
            return id == connection.playerID ? nil : .joined(MatchPeer(id: id, name: name))
        case .message(let id, let tick, let data):
            guard let name = connection.name(of: id) else { return nil }
            do {
                return .message(from: MatchPeer(id: id, name: name), try Message(wireText: data))
            } catch {
                lastProblem = "tick \(tick): \(name)'s message is not one of this game's: \(error)"
                return nil
            }
        case .left(let id, let name, let reason):
            guard id != connection.playerID else { return nil }
            return .left(MatchPeer(id: id, name: name), reason: PeerLeftReason(rawValue: reason.rawValue) ?? .dropped)
        case .error(.shutdown, _): return .lost(why: "the match server shut down")
        case .error(let code, let message): return .lost(why: "the match server refused: \(code.rawValue): \(message)")
        }
    }

    // MARK: Lockstep

    private func takeDue(tick: Int64, state: Message?, outgoing: [Message]) -> [MatchEvent<Message>] {
        guard let oracle, let pilot else { return [] }
        stepBots(tick: tick, pilot: pilot, level: oracle.level)
        let predicted = oracle.exchange(tick: tick, state: state, outgoing: outgoing)
        var events: [MatchEvent<Message>] = []
        for expected in predicted {
            guard let real = waitFor(expected) else {
                let why = "no message from the match server within \(MatchLockstep.wait / 1_000_000_000) s"
                lastProblem = "tick \(tick): expected \(expected); \(why)"
                events.append(.lost(why: why))
                oracle.leave(tick: tick)
                close(connectionOnly: true)
                return events
            }
            events.append(real)
            if case .lost = real {
                close(connectionOnly: true)
                return events
            }
        }
        if !oracle.isInMatch { close(connectionOnly: true) }
        return events
    }

    /// Waits, bounded, for the real message standing for `expected`; returns the event it makes (nil: none came,
    /// or the game could not read it).
    private func waitFor(_ expected: MatchEvent<Message>) -> MatchEvent<Message>? {
        guard let connection else { return nil }
        if case .lost = expected, givingUp {
            givingUp = false
            connection.close(goodbye: false, timeout: 1)  // we give up on a stalled or garbled server: no goodbye
        }
        let deadline = Date().addingTimeInterval(Double(MatchLockstep.wait) / 1e9)
        var closedBy: MatchClosure? = nil
        while true {
            if case .lost = expected, closedBy != nil || !connection.isConnected {
                return expected  // the socket really is gone; the oracle's words, so that the transcript is fixed
            }
            if let index = buffered.firstIndex(where: { matches($0, expected, on: connection) }) {
                let message = buffered.remove(at: index)
                return event(of: message, on: connection)
            }
            guard closedBy == nil else { return nil }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, let item = connection.next(timeout: left) else { return nil }
            switch item {
            case .message(let message): buffered.append(message)
            case .closed(let closure): closedBy = closure
            }
        }
    }

    /// True when the server's `message` is the one the oracle's `expected` stands for: the same kind from the
    /// member of that name (names are unique in a match; one member's messages arrive in the order it sent them,
    /// so the first of its buffered messages is the one due).
    private func matches(
        _ message: MatchServerMessage, _ expected: MatchEvent<Message>, on connection: MatchConnection
    ) -> Bool {
        switch (message, expected) {
        case (.joined(let id, let name), .joined(let wanted)): return id != connection.playerID && name == wanted.name
        case (.message(let id, _, _), .message(let wanted, _)): return connection.name(of: id) == wanted.name
        case (.left(_, let name, _), .left(let wanted, _)): return name == wanted.name
        default: return false
        }
    }

    /// The scripted peers' step: each sends its state (every `replayStatePeriod` ticks) and reads what it was sent.
    private func stepBots(tick: Int64, pilot: MatchPilot<Message>, level: Int) {
        for peer in oracle?.peers ?? [] {
            guard let bot = bots[peer.name] else { continue }
            if tick % MatchLockstep.replayStatePeriod == 0,
                let state = pilot.state(peer.name, oracle?.peerLevels[peer.name] ?? level, tick)
            {
                bot.connection.send(.send(tick: tick, data: state.wireText))
            }
            read(bot, waiting: 0)
        }
    }

    /// Reads what `bot` was sent; what it sees of us follows our joins and leaves.
    private func read(_ bot: Bot, waiting: Double) {
        let ours = oracle?.ourName
        let items = waiting > 0 ? [bot.connection.next(timeout: waiting)].compactMap { $0 } : bot.connection.poll()
        for item in items {
            guard case .message(let message) = item else { continue }
            switch message {
            case .joined(_, let name) where name == ours: bot.seesUs = true
            case .left(_, let name, _) where name == ours: bot.seesUs = false
            default: break
            }
        }
    }

    public func apply(_ setting: MatchSetting, tick: Int64) -> String? {
        guard let oracle, let control, let pilot else { return "a live match has no scripted peers" }
        let joinLevel = oracle.level
        if let why = oracle.apply(setting, tick: tick) { return why }
        switch setting {
        case .peerJoin(let name):
            do {
                let connection = try MatchConnection.connect(
                    url: url, name: name, level: joinLevel, timeout: joinTimeout)
                bots[name] = Bot(connection)
            } catch {
                lastProblem = "peer \(name): \(error)"
                return "peer \(name) could not join: \(error)"
            }
        case .peerLeave(let name):
            bots.removeValue(forKey: name)?.connection.close(goodbye: true, timeout: 1)
        case .peerSends(let name, let word):
            if let message = pilot.says(word, name, oracle.peerLevels[name] ?? joinLevel, tick) {
                bots[name]?.connection.send(.send(tick: tick, data: message.wireText))
            }
        case .down:
            control.down()
            for bot in bots.values { bot.connection.close(goodbye: false, timeout: 1) }
            bots = [:]
        case .up:
            do { url = try control.up() } catch { return "the match server could not start again: \(error)" }
        }
        return nil
    }

    /// A run's `network.match.*` point, acted out on the real sockets (CONTRACT §7.1); the oracle predicts what
    /// the game is told, and the lockstep waits for it as for anything else:
    /// - a peer vanishes: its process is gone, so its kernel closes its socket without a goodbye, and the server
    ///   tells us at once (`left`, `dropped`; the server's `timedOut` needs a socket left open and silent for its
    ///   idle timeout, seconds of real time);
    /// - a peer sends garbage: a frame that is not JSON; the server refuses it and closes that connection alone;
    /// - the server stalls or sends garbage: our side gives up on the connection when the loss is due (our bounded
    ///   wait, our decoder), without a goodbye; the game is told the oracle's words, and the server sees us dropped.
    public func disturb(_ fault: MatchNetworkFault, tick: Int64) {
        guard let oracle else { return }
        oracle.disturb(fault, tick: tick)
        switch fault {
        case .peerVanishes(let name):
            bots.removeValue(forKey: name)?.connection.close(goodbye: false, timeout: 1)
        case .peerGarbage(let name):
            guard let bot = bots.removeValue(forKey: name) else { return }
            bot.connection.sendRaw("{\"type\":")
            awaitClosure(of: bot, name: name)
        case .serverStalls, .serverGarbage:
            givingUp = true
        }
    }

    /// Waits, bounded, for the server to close `bot`'s connection after its garbage, then closes our end of it.
    private func awaitClosure(of bot: Bot, name: String) {
        let deadline = Date().addingTimeInterval(Double(MatchLockstep.wait) / 1e9)
        while bot.connection.isConnected, deadline.timeIntervalSinceNow > 0 {
            guard let item = bot.connection.next(timeout: deadline.timeIntervalSinceNow) else { break }
            if case .closed = item { break }
        }
        if bot.connection.closure == nil {
            lastProblem = "peer \(name): the match server did not close its connection after its garbage"
        }
        bot.connection.close(goodbye: false, timeout: 1)
    }

    public func sees(_ peer: String, tick: Int64) -> Bool? {
        guard let predicted = oracle?.sees(peer, tick: tick) else { return nil }
        guard let bot = bots[peer] else { return predicted ? true : false }
        // The oracle says what the peer must see by now; its real inbox must agree (waiting, bounded, for it).
        let deadline = Date().addingTimeInterval(Double(MatchLockstep.wait) / 1e9)
        read(bot, waiting: 0)
        while bot.seesUs != predicted, deadline.timeIntervalSinceNow > 0, bot.connection.isConnected {
            read(bot, waiting: min(0.05, max(0.001, deadline.timeIntervalSinceNow)))
        }
        return bot.seesUs
    }

    /// Closes every connection (ours and the scripted peers'), without waiting for goodbyes to be answered.
    public func close(connectionOnly: Bool = false) {
        inMatch = false
        buffered = []
        givingUp = false
        if let connection {
            self.connection = nil
            connection.close(goodbye: true, timeout: 1)
        }
        guard !connectionOnly else { return }
        for bot in bots.values { bot.connection.close(goodbye: true, timeout: 1) }
        bots = [:]
    }
}
