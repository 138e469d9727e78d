// MatchServer — the multiplayer match server: WebSocket (hummingbird-websocket) at /match, the match protocol of
// MatchWire (Assets/match-protocol.md), matches in memory (MatchHub.swift). Two ways to run, as the leaderboard:
// `run()` for `interlude match serve` (SIGINT/SIGTERM: every player gets a `shutdown` error, then the listener
// closes), and `EmbeddedMatchServer` (this process, loopback, a free port) for `interlude play`, replays and tests.
// Each connection runs three tasks: a reader (frames → MatchHub.receive), a watcher (idle timeout, overflow,
// shutdown) and a writer (its outbox → the socket). The first of reader and watcher to end ends the connection.

import EmbeddedServer
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import MatchWire
import NIOCore
import NIOWebSocket
import ServiceLifecycle
import StrictJSON
import Synchronization
import WSCore

/// Builds and runs the match service.
public enum MatchServer {
    /// The Hummingbird application: a WebSocket upgrade at `MatchProtocol.path`, a one-line text answer at `/`,
    /// bound to `host:port` (0: a free port).
    public static func application(
        hub: MatchHub, host: String, port: Int, logger: Logger, onRunning: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router()
        router.get("/") { _, _ in
            "interlude match server, protocol version \(MatchProtocol.version): open a WebSocket at \(MatchProtocol.path)\n"
        }
        let webSocket = WebSocketServerConfiguration(
            maxFrameSize: MatchProtocol.maximumFrameBytes, autoPing: .disabled, closeTimeout: .seconds(1),
            validateUTF8: true)
        let policy = hub.policy
        let http1 = HTTP1Channel.Configuration(
            idleTimeout: .seconds(10),
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: policy.maximumHeaderFieldBytes, maxHeaderListSize: policy.maximumHeaderBytes,
                maxHeaderFieldCount: policy.maximumHeaderFields))
        // Hummingbird's HTTP/1 + WebSocket upgrade channel, behind the hub's UpgradeGate (UpgradeGate.swift).
        let server = HTTPServerBuilder { responder in
            GatedChildChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, configuration: .init(http1: http1, ws: webSocket)
                ) { request, channel, _ in
                    guard request.method == .get, request.path == MatchProtocol.path else { return .dontUpgrade }
                    UpgradeGate.upgraded(channel)
                    let client = (
                        address: ClientAddress.key(channel.remoteAddress),
                        network: ClientAddress.network(channel.remoteAddress)
                    )
                    // Every byte after this request passes FrameGuard before the frame decoder: masks checked, ping
                    // and pong frames counted in the connection's message rate (FrameGuard.swift).
                    let rate = MessageRate(policy)
                    try channel.pipeline.syncOperations.addHandler(FrameGuard(rate: rate, linger: policy.closeLinger))
                    return .upgrade([:]) { inbound, outbound, _ in
                        await serve(hub: hub, client: client, rate: rate, inbound: inbound, outbound: outbound)
                    }
                }, gate: hub.upgradeGate)
        }
        return Application(
            router: router,
            server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port), serverName: "interlude-match", backlog: 256,
                // Every connection, upgraded or waiting, within the descriptor limit: past it the server stops
                // accepting (the backlog waits) instead of failing `accept` with EMFILE.
                availableConnectionsDelegate: MaximumAvailableConnections(
                    DescriptorLimit.connections(cap: policy.maximumConnections + hub.upgradeGate.limit),
                    logger: logger)),
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? port) }, logger: logger)
    }

    /// One connection, from upgrade to close.
    static func serve(
        hub: MatchHub, client: (address: String, network: String), rate: MessageRate, inbound: WebSocketInboundStream,
        outbound: WebSocketOutboundWriter
    ) async {
        let (stream, outbox) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingOldest(hub.policy.outboxLimit))
        let id: Int
        switch hub.connect(outbox, address: client.address, network: client.network, rate: rate) {
        case .success(let value): id = value
        case .failure(let error):
            try? await outbound.write(.text(MatchServerMessage.error(code: error.code, message: error.message).json))
            return
        }
        await withTaskGroup(of: Void.self) { connection in
            connection.addTask {
                for await text in stream {
                    do { try await outbound.write(.text(text)) } catch { break }
                }
            }
            let ending = await withTaskGroup(of: Ending.self) { race in
                race.addTask { await read(hub: hub, id: id, inbound: inbound) }
                race.addTask { await watch(hub: hub, id: id) }
                let first = await race.next() ?? .closed
                race.cancelAll()
                return first
            }
            hub.disconnect(id, ending)  // finishes the outbox: the writer sends what is left (the error) and ends
            // A writer stuck on a reader that does not read is cut after a second.
            connection.addTask { try? await Task.sleep(for: .seconds(1)) }
            _ = await connection.next()
            connection.cancelAll()
            if let code = ending.closeCode {
                try? await outbound.close(WebSocketErrorCode(codeNumber: Int(code)), reason: nil)
            }
        }
    }

    /// Reads the connection's frames into messages (a message may come in fragments) and hands each to the hub.
    /// The text is checked here rather than by the WebSocket layer, so that each refusal is the protocol's own: a
    /// binary frame, a message over the frame limit, text that is not UTF-8 (closed with 1007).
    static func read(hub: MatchHub, id: Int, inbound: WebSocketInboundStream) async -> Ending {
        var message: ByteBuffer?  // the fragments of a message so far
        do {
            for try await frame in inbound {
                switch frame.opcode {
                case .binary:
                    return .refused(MatchWireError(.binary, "a binary frame; the match protocol is JSON text"))
                case .text:
                    guard message == nil else {
                        return .refused(MatchWireError(.malformed, "a new message inside a fragmented one"))
                    }
                    message = frame.data
                case .continuation:
                    guard message != nil else {
                        return .refused(MatchWireError(.malformed, "a continuation frame outside a message"))
                    }
                    var more = frame.data
                    message?.writeBuffer(&more)
                }
                guard let text = message, text.readableBytes <= MatchProtocol.maximumFrameBytes else {
                    return .refused(
                        MatchWireError(.tooLarge, "a message over \(MatchProtocol.maximumFrameBytes) bytes"))
                }
                guard frame.fin else { continue }
                message = nil
                if let offset = StrictJSON.invalidUTF8Offset(in: text.readableBytesView) {
                    return .notUTF8(offset: offset)
                }
                if let error = hub.receive(id, String(buffer: text)) { return .refused(error) }
            }
            return .closed
        } catch {
            // Cancelled, or the socket failed: the WebSocket layer refuses a frame it cannot read (over 16 KiB: 1009)
            // by closing, which ends the loop above.
            return .closed
        }
    }

    static func watch(hub: MatchHub, id: Int) async -> Ending {
        while !Task.isCancelled {
            if let ending = hub.check(id) { return ending }
            try? await Task.sleep(for: .seconds(hub.policy.watchInterval))
        }
        return .closed
    }

    /// Serves until SIGINT or SIGTERM; then every player gets a `shutdown` error and the listener closes.
    public static func run(host: String, port: Int, policy: MatchPolicy = MatchPolicy()) async throws {
        var logger = Logger(label: "interlude.match", factory: ServerLogHandler.init)
        logger.logLevel = .info
        let hub = MatchHub(policy: policy)
        let app = application(
            hub: hub, host: host, port: port, logger: logger,
            onRunning: {
                print("match server listening on ws://\(host):\($0)\(MatchProtocol.path)")
                fflush(nil)
            })
        var configuration = ServiceGroupConfiguration(
            services: [app, HubService(hub: hub)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = .seconds(3)
        configuration.maximumCancellationDuration = .seconds(2)
        try await ServiceGroup(configuration: configuration).run()
        print("match server stopped")
        fflush(nil)
    }
}

/// Tells every player the server is going before the listener closes (services shut down in reverse order: this
/// one, last in the list, first).
struct HubService: Service {
    let hub: MatchHub

    func run() async throws {
        try? await gracefulShutdown()
        hub.shutdown()
        // Let the watchers see it and the writers send the `shutdown` errors.
        try? await Task.sleep(for: .seconds(hub.policy.watchInterval * 3))
    }
}

/// A match server in this process on loopback, for `interlude play`'s default, replays and tests.
/// `init` returns once it listens; `stop()` ends every connection (a `shutdown` error each) and waits.
public final class EmbeddedMatchServer: Sendable {
    /// The port it listens on (127.0.0.1).
    public let port: Int
    /// Its state: players, matches, counts.
    public let hub: MatchHub
    private let services: EmbeddedServiceGroup

    /// The WebSocket URL clients connect to, e.g. `ws://127.0.0.1:41234/match`.
    public var url: String { "ws://127.0.0.1:\(port)\(MatchProtocol.path)" }

    /// Starts on 127.0.0.1, on `port` (0: a free one), with `policy`'s limits.
    public init(port: Int = 0, policy: MatchPolicy = MatchPolicy()) throws {
        var logger = Logger(label: "interlude.match.embedded", factory: ServerLogHandler.init)
        logger.logLevel = .warning
        let hub = MatchHub(policy: policy)
        do {
            services = try EmbeddedServiceGroup(logger: logger, gracefulShutdown: .seconds(3)) { onRunning in
                [
                    MatchServer.application(
                        hub: hub, host: "127.0.0.1", port: port, logger: logger, onRunning: onRunning),
                    HubService(hub: hub),
                ]
            }
        } catch {
            throw EmbeddedMatchServerError.notStarted(error.reason)
        }
        self.port = services.port
        self.hub = hub
    }

    /// Ends every connection (each player gets a `shutdown` error), closes the listener and waits. Idempotent.
    public func stop() { services.stop() }
}

/// An embedded match server that a replay's `match down` stops and `match up` starts again on the same port, as the
/// scripted peers and our player reconnect to it; it counts the messages every server it has been relayed.
public final class RestartableMatchServer: Sendable {
    private let server: Mutex<EmbeddedMatchServer>
    private let relayedBefore = Mutex<UInt64>(0)
    /// The port every server it starts listens on.
    public let port: Int
    public let policy: MatchPolicy

    /// Starts the first server on a free port.
    public init(policy: MatchPolicy = .replay) throws {
        let server = try EmbeddedMatchServer(port: 0, policy: policy)
        port = server.port
        self.policy = policy
        self.server = Mutex(server)
    }

    /// The running server's WebSocket URL.
    public var url: String { server.withLock { $0.url } }
    /// Messages relayed by every server it has been.
    public var messagesRelayed: UInt64 { relayedBefore.withLock { $0 } + server.withLock { $0.hub.messagesRelayed } }

    /// Stops the running server (`match down`). Idempotent.
    public func stop() { server.withLock { $0 }.stop() }

    /// Stops the running server if it still runs and starts a new one on the same port (`match up`); returns its URL.
    public func restart() throws -> String {
        stop()
        let restarted = try EmbeddedMatchServer(port: port, policy: policy)
        let old = server.withLock { server in
            defer { server = restarted }
            return server
        }
        relayedBefore.withLock { $0 += old.hub.messagesRelayed }
        return restarted.url
    }
}

/// Why an embedded match server could not start.
public enum EmbeddedMatchServerError: Error, CustomStringConvertible {
    case notStarted(String)

    public var description: String {
        switch self {
        case .notStarted(let why): return "the embedded match server did not start: \(why)"
        }
    }
}
