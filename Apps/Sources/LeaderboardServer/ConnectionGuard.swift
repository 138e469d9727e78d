// ConnectionGuard: what the HTTP server does not do by itself (Hummingbird 2.28.1 gives an idle timeout, header
// size limits and a global connection cap, which LeaderboardServer configures): a cap on connections per client
// address, and a deadline on reading each request, so that a body trickled one byte at a time (which the idle
// timeout, reset by every part read, never cuts) is closed. Both sit in each connection's pipeline after the HTTP
// decoder, as Hummingbird's `additionalChannelHandlers`.

import HummingbirdCore
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Open connections per client address, shared by every connection's handler.
final class ConnectionLedger: Sendable {
    let limitPerAddress: Int
    private let open = Mutex<[String: Int]>([:])

    init(limitPerAddress: Int) { self.limitPerAddress = limitPerAddress }

    /// Counts a new connection from `address`; false (and not counted) when that address is at its limit.
    func admit(_ address: String) -> Bool {
        open.withLock { open in
            let count = open[address, default: 0]
            guard count < limitPerAddress else { return false }
            open[address] = count + 1
            return true
        }
    }

    /// A connection counted by `admit` closed.
    func release(_ address: String) {
        open.withLock { open in
            let count = open[address, default: 1] - 1
            open[address] = count > 0 ? count : nil
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
    private var headAt: NIODeadline?  // when the request being read began, until its end is read
    private var check: RepeatedTask?

    init(ledger: ConnectionLedger, readTimeout: TimeAmount) {
        self.ledger = ledger
        self.readTimeout = readTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let key = LeaderboardContext.clientKey(context.channel.remoteAddress)
        guard ledger.admit(key) else {
            context.close(promise: nil)
            return
        }
        address = key
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
        if let address { ledger.release(address) }
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
