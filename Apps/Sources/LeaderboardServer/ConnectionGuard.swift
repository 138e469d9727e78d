// ConnectionGuard: what the HTTP server does not do by itself (Hummingbird 2.28.1 gives an idle timeout, header
// size limits and a global connection cap, which LeaderboardServer configures): a cap on connections per client
// address, and a deadline on reading each request, so that a body trickled one byte at a time (which the idle
// timeout, reset by every part read, never cuts) is closed. Both sit in each connection's pipeline after the HTTP
// decoder, as Hummingbird's `additionalChannelHandlers`.

import EmbeddedServer
import HummingbirdCore
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Open connections per client address and per network (/24, /48), shared by every connection's handler.
final class ConnectionLedger: Sendable {
    let limitPerAddress: Int
    let limitPerNetwork: Int
    private let open = Mutex<[String: Int]>([:])  // by address and by network ("… /24" keys cannot be addresses)

    init(limitPerAddress: Int, limitPerNetwork: Int = .max) {
        self.limitPerAddress = limitPerAddress
        self.limitPerNetwork = limitPerNetwork
    }

    /// Counts a new connection from `address` in `network`; false (and not counted) when either is at its limit.
    func admit(_ address: String, network: String = "") -> Bool {
        open.withLock { open in
            let count = open[address, default: 0]
            guard count < limitPerAddress, open[network, default: 0] < limitPerNetwork else { return false }
            open[address] = count + 1
            if !network.isEmpty { open[network, default: 0] += 1 }
            return true
        }
    }

    /// A connection counted by `admit` closed.
    func release(_ address: String, network: String = "") {
        open.withLock { open in
            for key in network.isEmpty ? [address] : [address, network] {
                let count = open[key, default: 1] - 1
                open[key] = count > 0 ? count : nil
            }
        }
    }

    /// Open connections from `address` (for tests).
    func count(_ address: String) -> Int { open.withLock { $0[address, default: 0] } }
}

/// Closes a connection over its address's limit at once, and any connection whose request is not read in full
/// within `readTimeout` of its head. The deadline is checked by one repeated task per connection, a quarter of the
/// timeout apart (a request is cut between 1 and 1.25 times the timeout after its head), rather than a timer
/// scheduled and cancelled for every request: the request path only notes when a head came and when its end did.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let ledger: ConnectionLedger
    let readTimeout: TimeAmount
    private var address: String?  // counted in the ledger while set
    private var network = ""  // its network's key, counted with it
    private var headAt: NIODeadline?  // when the request being read began, until its end is read
    private var check: RepeatedTask?

    init(ledger: ConnectionLedger, readTimeout: TimeAmount) {
        self.ledger = ledger
        self.readTimeout = readTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let key = LeaderboardContext.clientKey(context.channel.remoteAddress)
        let network = ClientAddress.network(context.channel.remoteAddress)
        guard ledger.admit(key, network: network) else {
            context.close(promise: nil)
            return
        }
        address = key
        self.network = network
        let interval = TimeAmount.nanoseconds(max(readTimeout.nanoseconds / 4, 1_000_000))
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        check = context.eventLoop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            let (handler, context) = bound.value
            if let headAt = handler.headAt, NIODeadline.now() - headAt >= handler.readTimeout {
                context.close(promise: nil)
            }
        }
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
        if let address { ledger.release(address, network: network) }
        address = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: headAt = .now()
        case .end: headAt = nil
        case .body: break
        }
        context.fireChannelRead(data)
    }
}
