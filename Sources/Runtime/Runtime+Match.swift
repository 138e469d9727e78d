// Runtime+Match: the multiplayer match through the `MatchTransport` port. A multiplayer session joins the match
// (`sessionStarted`), every fixed step while connected exchanges the step's messages (lockstep: see
// MatchTransport.swift), the session's end and `disconnectPeers` close the connection. The messages are the game's
// own (`LifecycleGame.Message`); the runtime carries them without reading them. What the match tells the game is
// applied at the frame point, never inside a network callback, and written to the transcript as events
// (`peerJoined`, `peerLeft`, `matchLost`, and a message's own words when the game gives it some, e.g. the
// shooter's `peerFired`; its states only through the simulation's hash).

import InterludeNetwork
import Lifecycle

extension Runtime {
    /// Talks to matches through `transport` from now on (an app not yet in a match).
    public func useMatch(_ transport: any MatchTransport<Game.Message>) {
        match.leave(tick: nextStep)
        match = transport
    }

    /// A script's match line (`peer join NAME`, `peer WORD NAME`, `match down`, ...), applied now; its effect on the
    /// game arrives through the lockstep. Returns why it could not be done, or nil; the transcript says either.
    @discardableResult
    public func configureMatch(_ setting: MatchSetting) -> String? {
        let (name, args) = Self.describe(setting)
        transcript.append(now, .event(name: name, args: args))
        let why = match.apply(setting, tick: nextStep)
        if let why { transcript.append(now, .rejected(name: name, state: status.state, why: why)) }
        return why
    }

    /// How many other players the game shows in the match (`expect peers N`).
    public var peerCount: Int { game.peerNames.count }

    /// Whether the scripted peer `name` sees us in the match now (`expect seenBy NAME`); nil: no such peer.
    public func isSeen(by name: String) -> Bool? { match.sees(name, tick: nextStep) }

    /// Joins the match of `level` for a multiplayer session that just began; a refusal ends the session with
    /// the reason on screen.
    func joinMatch(level: Int) {
        if let why = match.join(level: level, name: playerName, tick: nextStep) {
            transcript.append(now, .event(name: "matchLost", args: why))
            game.apply(.lost(why: why))
            machine.discardTimers()
        }
    }

    /// One step's exchange with the match, after the simulation: our state and messages out (dropped outside a
    /// match), the events due in.
    func exchangeWithMatch() {
        let outgoing = game.takeMatchMessages()
        guard match.isInMatch else { return }
        let events = match.exchange(tick: nextStep - 1, state: game.matchState, outgoing: outgoing)
        for event in events {
            if let (name, args) = event.transcriptEntry { transcript.append(now, .event(name: name, args: args)) }
            game.apply(event)
        }
        if !events.isEmpty { takeReports() }
        if !match.isInMatch, !game.isInSession { machine.discardTimers() }
    }

    static func describe(_ setting: MatchSetting) -> (String, String?) {
        switch setting {
        case .peerJoin(let name): return ("peer", "join \(name)")
        case .peerLeave(let name): return ("peer", "leave \(name)")
        case .peerSends(let name, let word): return ("peer", "\(word) \(name)")
        case .down: return ("match", "down")
        case .up: return ("match", "up")
        }
    }
}
