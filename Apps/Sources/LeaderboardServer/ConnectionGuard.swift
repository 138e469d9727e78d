// ConnectionGuard: what the HTTP server does not do by itself (Hummingbird 2.28.1 gives an idle timeout, header
// size limits and a global connection cap, which LeaderboardServer configures): caps on connections per client
// address and per network, deadlines on a request's head and on reading each request, so that a head or a body
// trickled one byte at a time (which the idle timeout, reset by every part read, never cuts) is closed, and near
// the global cap the connection that has waited longest on its client is shed for a new one. The guard sits in each
// connection's pipeline after the HTTP decoder, as Hummingbird's `additionalChannelHandlers`.

import EmbeddedServer
import HummingbirdCore
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Open connections per client address and per network (/24, /48), shared by every connection's handler, and the
/// connections now waiting on their client (for a request head, or for the rest of a request) with the time each
/// began to wait: from `shedThreshold` open connections on, each new one sheds the connection that has waited
/// longest, so that slow and incomplete connections make room before the global cap stops the server accepting.
final class ConnectionLedger: Sendable {
    let limitPerAddress: Int
    let limitPerNetwork: Int
    let shedThreshold: Int
    private struct State {
        var open: [String: Int] = [:]  // by address and by network ("… /24" keys cannot be addresses)
        var total = 0
        var waiting: [ObjectIdentifier: (channel: any Channel, since: NIODeadline)] = [:]
        var shed = 0
    }
    private let state = Mutex(State())

    init(limitPerAddress: Int, limitPerNetwork: Int = .max, shedThreshold: Int = .max) {
        self.limitPerAddress = limitPerAddress
        self.limitPerNetwork = limitPerNetwork
        self.shedThreshold = shedThreshold
    }

    /// Counts a new connection from `address` in `network`; false (and not counted) when either is at its limit.
    /// Near the global cap the connection that has waited longest on its client is closed to make room.
    func admit(_ address: String, network: String = "", channel: (any Channel)? = nil) -> Bool {
        let (admitted, victim): (Bool, (any Channel)?) = state.withLock { state in
            let count = state.open[address, default: 0]
            guard count < limitPerAddress, state.open[network, default: 0] < limitPerNetwork else {
                return (false, nil)
            }
            state.open[address] = count + 1
            if !network.isEmpty { state.open[network, default: 0] += 1 }
            state.total += 1
            guard state.total > shedThreshold, let oldest = state.waiting.min(by: { $0.value.since < $1.value.since })
            else { return (true, nil) }
            state.waiting[oldest.key] = nil
            state.shed += 1
            return (true, oldest.value.channel)
        }
        victim?.close(promise: nil)
        return admitted
    }

    /// A connection counted by `admit` closed.
    func release(_ address: String, network: String = "", channel: (any Channel)? = nil) {
        state.withLock { state in
            for key in network.isEmpty ? [address] : [address, network] {
                let count = state.open[key, default: 1] - 1
                state.open[key] = count > 0 ? count : nil
            }
            state.total -= 1
            if let channel { state.waiting[ObjectIdentifier(channel)] = nil }
        }
    }

    /// `channel` waits on its client from `since` (nil: the server is answering it; it cannot be shed).
    func wait(_ channel: any Channel, since: NIODeadline?) {
        state.withLock { state in
            state.waiting[ObjectIdentifier(channel)] = since.map { (channel, $0) }
        }
    }

    /// Open connections from `address` (for tests).
    func count(_ address: String) -> Int { state.withLock { $0.open[address, default: 0] } }

    /// Connections closed to make room near the cap so far (for tests and the load check).
    var shedCount: Int { state.withLock { $0.shed } }
}

/// Closes a connection over its address's limit at once; one that has not sent its first complete request head
/// within `headTimeout`, or a later one within `idleTimeout` of the last answer (a head trickled a byte at a time,
/// which the idle timeout, reset by every byte, never cuts); and any whose request is not read in full within
/// `readTimeout` of its head. The deadlines are checked by one repeated task per connection, a quarter of the
/// shortest timeout apart, rather than a timer scheduled and cancelled for every request: the request path only
/// notes when a head came and when its end did. While it waits on its client it is listed in the ledger, which may
/// shed it near the cap.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let ledger: ConnectionLedger
    let headTimeout: TimeAmount
    let idleTimeout: TimeAmount
    let readTimeout: TimeAmount
    private var address: String?  // counted in the ledger while set
    private var network = ""  // its network's key, counted with it
    private var channel: (any Channel)?
    private var headAt: NIODeadline?  // when the request being read began, until its end is read
    private var waitingSince: NIODeadline?  // when it began to wait for a head (open, or the last answer's end)
    private var answered = false  // a first request was answered: later heads get the idle timeout
    private var check: RepeatedTask?

    init(ledger: ConnectionLedger, headTimeout: TimeAmount, idleTimeout: TimeAmount, readTimeout: TimeAmount) {
        self.ledger = ledger
        self.headTimeout = headTimeout
        self.idleTimeout = idleTimeout
        self.readTimeout = readTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let key = LeaderboardContext.clientKey(context.channel.remoteAddress)
        let network = ClientAddress.network(context.channel.remoteAddress)
        guard ledger.admit(key, network: network, channel: context.channel) else {
            context.close(promise: nil)
            return
        }
        address = key
        self.network = network
        channel = context.channel
        waitingSince = .now()
        ledger.wait(context.channel, since: waitingSince)
        let shortest = min(headTimeout.nanoseconds, readTimeout.nanoseconds)
        let interval = TimeAmount.nanoseconds(max(shortest / 4, 1_000_000))
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        check = context.eventLoop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            let (handler, context) = bound.value
            if handler.isOverdue(at: .now()) { context.close(promise: nil) }
        }
    }

    /// True when the head or the request being read has outlived its deadline at `now`.
    private func isOverdue(at now: NIODeadline) -> Bool {
        if let headAt { return now - headAt >= readTimeout }
        guard let waitingSince else { return false }
        return now - waitingSince >= (answered ? idleTimeout : headTimeout)
    }

    func handlerRemoved(context: ChannelHandlerContext) { release() }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    private func release() {
        check?.cancel()
        check = nil
        headAt = nil
        waitingSince = nil
        if let address { ledger.release(address, network: network, channel: channel) }
        address = nil
        channel = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            headAt = .now()
            waitingSince = nil
        case .end:
            headAt = nil
            if address != nil { ledger.wait(context.channel, since: nil) }  // the server answers now
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), address != nil, headAt == nil {
            answered = true
            waitingSince = .now()
            ledger.wait(context.channel, since: waitingSince)
        }
        context.write(data, promise: promise)
    }
}
