// UpgradeGate: the match server's defence before a connection becomes a WebSocket, where Hummingbird sets no limit:
// a TCP connection that sends nothing, or part of a request head, would hold a file descriptor for ever. Every
// connection is counted from its accept until its upgrade (or its end): at most `limit` of them at once, and at most
// `limitPerAddress` from one client (ClientAddress: IPv4 /32, IPv6 /64); one over its client's share is closed at
// once; when the gate is full the one that has waited longest is closed for the newcomer; one not upgraded within
// `deadline` is closed then. The WebSocket upgrade removes the connection's handler (`upgraded`),
// which stops its clock and frees its place; after that FrameGuard reads the frames and MatchHub's own limits apply
// (hello and join deadlines, idle timeout, connections per address and network).

import Dispatch
import EmbeddedServer
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization

/// Connections accepted and not yet upgraded, counted in total and per client, with when each was accepted.
public final class UpgradeGate: Sendable {
    /// Seconds a connection has to complete its WebSocket upgrade.
    public let deadline: Double
    /// The most connections waiting for their upgrade at once (at most half the descriptor limit less its reserve:
    /// waiting sockets never take the descriptors upgraded players need), and from one client.
    public let limit: Int
    public let limitPerAddress: Int
    private struct Waiting {
        var total = 0
        var byAddress: [String: Int] = [:]
        var channels: [ObjectIdentifier: (channel: any Channel, since: UInt64)] = [:]
        var shed = 0
    }
    private let waiting = Mutex(Waiting())

    public init(deadline: Double, limit: Int, limitPerAddress: Int) {
        self.deadline = deadline
        self.limit = min(limit, max(8, DescriptorLimit.connections(cap: .max) / 2))
        self.limitPerAddress = limitPerAddress
    }

    /// Connections waiting for their upgrade now.
    public var waitingCount: Int { waiting.withLock { $0.total } }

    /// Connections closed so far to make room for newer ones when the gate was full.
    public var shedCount: Int { waiting.withLock { $0.shed } }

    /// Counts a new connection from `address`; false (not counted) when that client holds its share. When the gate
    /// is full, the connection that has waited longest is closed to make room: a flood of silent sockets from many
    /// addresses churns through itself, and a client that upgrades at once gets in.
    func admit(_ address: String, channel: any Channel) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        let (admitted, victim): (Bool, (any Channel)?) = waiting.withLock { waiting in
            guard waiting.byAddress[address, default: 0] < limitPerAddress else { return (false, nil) }
            var victim: (any Channel)? = nil
            if waiting.total >= limit, let oldest = waiting.channels.min(by: { $0.value.since < $1.value.since }) {
                waiting.channels[oldest.key] = nil
                waiting.shed += 1
                victim = oldest.value.channel
            }
            waiting.total += 1
            waiting.byAddress[address, default: 0] += 1
            waiting.channels[ObjectIdentifier(channel)] = (channel, now)
            return (true, victim)
        }
        victim?.close(promise: nil)
        return admitted
    }

    /// A counted connection upgraded or ended.
    func release(_ address: String, channel: any Channel) {
        waiting.withLock { waiting in
            waiting.total -= 1
            let left = waiting.byAddress[address, default: 1] - 1
            waiting.byAddress[address] = left > 0 ? left : nil
            waiting.channels[ObjectIdentifier(channel)] = nil
        }
    }

    /// Connection `channel` is now a WebSocket: its wait is over.
    static func upgraded(_ channel: any Channel) {
        channel.pipeline.removeHandler(name: UpgradeDeadlineHandler.name).whenComplete { _ in }
    }
}

/// The first handler of every connection until its upgrade: closes it when the gate is full or its deadline passes.
final class UpgradeDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    static let name = "interlude.upgradeDeadline"

    let gate: UpgradeGate
    let address: String
    private var isCounted = true  // admitted by the gate before it was made (GatedChildChannel)
    private var closing: Scheduled<Void>?

    init(gate: UpgradeGate, address: String) {
        self.gate = gate
        self.address = address
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        closing = context.eventLoop.scheduleTask(in: .milliseconds(Int64(gate.deadline * 1000))) {
            channel.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        closing?.cancel()
        closing = nil
        if isCounted {
            isCounted = false
            gate.release(address, channel: context.channel)
        }
    }
}

/// Hummingbird's HTTP/1 + WebSocket child channel with the gate's handler first in its pipeline.
struct GatedChildChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value
    let inner: HTTP1WebSocketUpgradeChannel
    let gate: UpgradeGate

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let address = ClientAddress.key(channel.remoteAddress)
        // Refused before any HTTP handler exists: the connection is closed without a word (and without a log line:
        // an attack's connections would otherwise fill the log).
        guard gate.admit(address, channel: channel) else {
            channel.close(promise: nil)
            return channel.eventLoop.makeFailedFuture(ChannelError.inputClosed)
        }
        let handler = UpgradeDeadlineHandler(gate: gate, address: address)
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(handler, name: UpgradeDeadlineHandler.name)
        }.flatMap { inner.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
