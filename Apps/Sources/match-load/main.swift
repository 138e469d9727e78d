// match-load: how many matches x players the match server holds at 30 game messages a second each, and the
// delivery latency, through real WebSockets on loopback (Benchmarks/README.md has the numbers and the machine).
// For each step of a ladder of match counts it runs, for --seconds each:
//   1. the reference: a bare WebSocket echo server (hummingbird-websocket, no protocol, no fan-out) and the same
//      number of clients sending the same frames at the same rate; latency = send -> the echo back at the sender;
//   2. the match server (EmbeddedMatchServer) with M matches of P players, each player sending a `send` (a game
//      message the size of the shooter's state) 30 times a second; latency = send -> arrival at each other player
//      of its match (one clock: one process).
// The send time travels in the message's `tick` (nanoseconds). The first second of each run is not counted (joins).
// A step is held when >= 99 % of the expected deliveries arrived and the p99 latency is <= --p99-limit ms.
//   swift run -c release match-load [--players 4] [--matches 10,25,50,100] [--seconds 5] [--p99-limit 100]
//   swift run -c release match-load --pre-hello [--connections 4100] [--joins 20]   (PreHello.swift)
//   swift run -c release match-load --attacks   (Attacks.swift: hello+ping, a match each, a ping flood)

import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import MatchServer
import MatchWire
import NIOCore
import ServiceLifecycle
import Synchronization
import WSClient
import WSCore

struct Options {
    var players = 4
    var matches = [10, 25, 50, 100]
    var seconds = 5.0
    var p99Limit = 100.0  // ms
    var rate = 30.0

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { usage() }
            switch flag {
            case "--players": players = number(value, atLeast: 2)
            case "--matches": matches = value.split(separator: ",").map { number(String($0), atLeast: 1) }
            case "--seconds": seconds = Double(number(value, atLeast: 2))
            case "--p99-limit": p99Limit = Double(number(value, atLeast: 1))
            default: usage()
            }
        }
    }

    func number(_ text: String, atLeast least: Int) -> Int {
        guard let value = Int(text), value >= least else { usage() }
        return value
    }

    func usage() -> Never {
        print("usage: match-load [--players N>=2] [--matches M1,M2,...] [--seconds S>=2] [--p99-limit MS]")
        exit(2)
    }
}

func nanos() -> Int64 { Int64(DispatchTime.now().uptimeNanoseconds) }

/// What all clients of one run saw.
final class Tally: Sendable {
    struct Counts {
        var latencies: [Double] = []  // ms, of messages sent inside the window
        var sent = 0  // messages sent inside the window
        var failures: [String] = []
    }
    let counts = Mutex(Counts())
    let windowStart: Int64
    let windowEnd: Int64

    init(windowStart: Int64, windowEnd: Int64) {
        self.windowStart = windowStart
        self.windowEnd = windowEnd
    }

    func inWindow(_ sentAt: Int64) -> Bool { sentAt >= windowStart && sentAt < windowEnd }
}

/// One client: sends a state every 1/rate s until the window ends (plus a moment), records what arrives.
func runClient(url: String, join: (name: String, room: String)?, rate: Double, tally: Tally) async {
    var logger = Logger(label: "match-load")
    logger.logLevel = .critical
    do {
        try await WebSocketClient.connect(
            url: url, configuration: WebSocketClientConfiguration(maxFrameSize: MatchProtocol.maximumFrameBytes),
            logger: logger
        ) { inbound, outbound, _ in
            if let join {
                try await outbound.write(
                    .text(MatchClientMessage.hello(version: MatchProtocol.version, name: join.name).json))
                try await outbound.write(.text(MatchClientMessage.join(level: 1, room: join.room).json))
            }
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    let period = Int64(1e9 / rate)
                    var next = nanos() + Int64.random(in: 0..<period)  // spread the clients over the period
                    while next < tally.windowEnd {
                        let wait = next - nanos()
                        if wait > 0 { try? await Task.sleep(for: .nanoseconds(wait)) }
                        let sentAt = nanos()
                        let message = MatchClientMessage.send(tick: sentAt, data: "state 3.5 2.5 -1.5 100")
                        do { try await outbound.write(.text(message.json)) } catch { return }
                        if tally.inWindow(sentAt) { tally.counts.withLock { $0.sent += 1 } }
                        next += period
                    }
                    // Let the last messages arrive, then close.
                    try? await Task.sleep(for: .milliseconds(500))
                    try? await outbound.close(.normalClosure, reason: nil)
                }
                do {
                    for try await message in inbound.messages(maxSize: MatchProtocol.maximumFrameBytes) {
                        guard case .text(let text) = message else { continue }
                        let arrived = nanos()
                        let sentAt: Int64
                        if join == nil {
                            guard case .send(let tick, _) = try? MatchClientMessage(json: text) else { continue }
                            sentAt = tick
                        } else {
                            guard case .message(_, let tick, _) = try? MatchServerMessage(json: text) else { continue }
                            sentAt = tick
                        }
                        if tally.inWindow(sentAt) {
                            tally.counts.withLock { $0.latencies.append(Double(arrived - sentAt) / 1e6) }
                        }
                    }
                } catch {}
                group.cancelAll()
            }
        }
    } catch {
        tally.counts.withLock { $0.failures.append("\(error)") }
    }
}

/// A bare WebSocket echo server on loopback: the transport alone.
final class EchoServer: Sendable {
    let port: Int
    let group: ServiceGroup
    let finished = DispatchSemaphore(value: 0)

    init() throws {
        var logger = Logger(label: "echo")
        logger.logLevel = .warning
        let started = DispatchSemaphore(value: 0)
        let bound = Mutex<Int?>(nil)
        let app = Application(
            router: Router(),
            server: .http1WebSocketUpgrade(
                configuration: .init(ws: WebSocketServerConfiguration(maxFrameSize: 16384, autoPing: .disabled))
            ) { _, _, _ in
                .upgrade([:]) { inbound, outbound, _ in
                    for try await message in inbound.messages(maxSize: 16384) {
                        if case .text(let text) = message { try await outbound.write(.text(text)) }
                    }
                }
            },
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), backlog: 1024),
            onServerRunning: { channel in
                bound.withLock { $0 = channel.localAddress?.port }
                started.signal()
            }, logger: logger)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
        let finished = self.finished
        Task.detached {
            try? await group.run()
            started.signal()
            finished.signal()
        }
        _ = started.wait(timeout: .now() + 20)
        guard let port = bound.withLock({ $0 }) else { throw CancellationError() }
        self.port = port
        self.group = group
    }

    func stop() {
        let group = self.group
        Task.detached { await group.triggerGracefulShutdown() }
        _ = finished.wait(timeout: .now() + 10)
    }
}

struct Result {
    let clients: Int
    let expected: Int
    let delivered: Int
    let p50: Double
    let p99: Double
    let max: Double
    let failures: Int

    var ratio: Double { expected == 0 ? 0 : Double(delivered) / Double(expected) }
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

/// Runs `clients` clients for `seconds`; `join(i)` gives client i's match, nil for the echo reference.
func run(url: String, clients: Int, fanOut: Int, options: Options, join: @escaping @Sendable (Int) -> (String, String)?)
    -> Result
{
    let start = nanos()
    let tally = Tally(
        windowStart: start + 1_000_000_000, windowEnd: start + Int64((options.seconds + 1) * 1e9))
    let done = DispatchSemaphore(value: 0)
    let rate = options.rate
    Task.detached {
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<clients {
                group.addTask { await runClient(url: url, join: join(index), rate: rate, tally: tally) }
            }
        }
        done.signal()
    }
    done.wait()
    let counts = tally.counts.withLock { $0 }
    let sorted = counts.latencies.sorted()
    return Result(
        clients: clients, expected: counts.sent * fanOut, delivered: sorted.count, p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99), max: sorted.last ?? .nan, failures: counts.failures.count)
}

func format(_ value: Double) -> String { String(format: "%.1f", value) }

if CommandLine.arguments.dropFirst().first == "--pre-hello" {
    try PreHelloCheck.run(Array(CommandLine.arguments.dropFirst(2)))
}
if CommandLine.arguments.dropFirst().first == "--attacks" {
    try AttacksCheck.run()
}
let options = Options(CommandLine.arguments)
var load = [Double](repeating: 0, count: 3)
_ = getloadavg(&load, 3)
print(
    "match-load: \(options.players) players a match, \(Int(options.rate)) states/s each, \(Int(options.seconds)) s per run, load average \(format(load[0]))"
)
print(
    "| matches x players | reference echo: p50 / p99 ms, delivered | match server: delivered/expected, p50 / p99 / max ms | p99 ratio | held |"
)
print("|---|---|---|---|---|")
var best: (Int, Result)?
for matches in options.matches {
    let clients = matches * options.players
    let echo = try EchoServer()
    let reference = run(url: "ws://127.0.0.1:\(echo.port)/", clients: clients, fanOut: 1, options: options) { _ in nil }
    echo.stop()
    var policy = MatchPolicy()
    policy.maximumConnections = clients + 16
    policy.maximumConnectionsPerAddress = clients + 16  // every client is on loopback
    policy.maximumConnectionsPerNetwork = clients + 16
    policy.maximumDefaultSeatsPerAddress = clients
    policy.maximumDefaultSeatsPerNetwork = clients
    policy.maximumRoomsPerAddress = clients
    policy.maximumMatchesPerNetwork = clients
    let server = try EmbeddedMatchServer(policy: policy)
    let players = options.players
    let result = run(url: server.url, clients: clients, fanOut: players - 1, options: options) { index in
        ("p\(index)", "m\(index / players)")  // one match per room of level 1: `players` consecutive clients
    }
    server.stop()
    let held = result.ratio >= 0.99 && result.p99 <= options.p99Limit && result.failures == 0
    if held { best = (matches, result) }
    print(
        "| \(matches) x \(players) = \(clients) | \(format(reference.p50)) / \(format(reference.p99)), \(String(format: "%.1f", reference.ratio * 100)) % | \(result.delivered)/\(result.expected) (\(String(format: "%.1f", result.ratio * 100)) %), \(format(result.p50)) / \(format(result.p99)) / \(format(result.max)) | \(String(format: "%.2f", result.p99 / reference.p99)) | \(held ? "yes" : "no")\(result.failures > 0 ? " (\(result.failures) clients failed)" : "") |"
    )
    fflush(nil)
}
if let (matches, result) = best {
    print(
        "held: \(matches) matches x \(options.players) players (\(result.clients) clients, \(Int(Double(result.clients) * options.rate)) states/s in, p99 \(format(result.p99)) ms)"
    )
} else {
    print("held: none of the steps (p99 over \(format(options.p99Limit)) ms or deliveries under 99 %)")
}
