// ClosedLoopHTTP: the load generator. N keep-alive HTTP/1.1 connections on loopback driven by one thread with poll:
// each connection sends one request, waits for its whole answer (status line, headers, Content-Length body), hands
// it to the caller, who gives the next request (a closed loop, as N clients each waiting for their answer would).
// Deliberately small: one thread, no TLS, no redirects, no chunked bodies (the server never sends them), requests
// prepared by the caller as bytes. It costs the two shared cores far less per request than URLSession (libcurl and
// Dispatch, which took most of the machine in the first release runs), so that the figure is the server's. Every
// wait has a deadline: an answer slower than `timeout` seconds fails the run.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One answer as the load generator saw it.
struct HTTPAnswer {
    let status: Int
    let body: [UInt8]
    /// Seconds from the request's first byte written to its answer's last byte read.
    let seconds: Double
}

enum ClosedLoopError: Error, CustomStringConvertible {
    case system(String, Int32)
    case malformed(client: Int, String)
    case closed(client: Int)
    case timedOut(client: Int, seconds: Double)

    var description: String {
        switch self {
        case .system(let call, let code): return "\(call): \(String(cString: strerror(code)))"
        case .malformed(let client, let why): return "client \(client): malformed answer: \(why)"
        case .closed(let client): return "client \(client): the server closed the connection"
        case .timedOut(let client, let seconds): return "client \(client): no answer within \(seconds) s"
        }
    }
}

/// A request's bytes, and which of its client's connections sends it.
struct OutgoingRequest {
    let bytes: [UInt8]
    var via = 0
}

/// Clients on 127.0.0.1, each with one connection per port it was given, each running requests one after another
/// (one request at a time per client, on whichever of its connections it names).
final class ClosedLoopHTTP {
    private struct Connection {
        let fd: Int32
        var inbox: [UInt8] = []
        var sentAt: UInt64 = 0  // CLOCK_MONOTONIC nanoseconds
        var outbox: [UInt8] = []
        var written = 0
        var busy = false
    }

    private var connections: [Connection] = []
    private var pollers: [pollfd] = []
    private let perClient: Int
    let timeout: Double

    /// `ports[c]`: the ports client c connects to (the same count for every client).
    init(ports: [[Int]], timeout: Double = 30) throws {
        self.timeout = timeout
        perClient = ports.first?.count ?? 1
        precondition(perClient > 0 && ports.allSatisfy { $0.count == perClient })
        for port in ports.flatMap({ $0 }) {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw ClosedLoopError.system("socket", errno) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else {
                let code = errno
                close(fd)
                throw ClosedLoopError.system("connect to 127.0.0.1:\(port)", code)
            }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            pollers.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
            connections.append(Connection(fd: fd))
        }
    }

    deinit {
        for connection in connections { close(connection.fd) }
    }

    /// Runs until every client's `next` returned nil. `next(client, answer)` is called with nil for a client's first
    /// request, then with each answer; it returns the next request, or nil when that client is done.
    func run(_ next: (Int, HTTPAnswer?) throws -> OutgoingRequest?) throws {
        var active = 0
        for client in 0..<connections.count / perClient {
            if let request = try next(client, nil) {
                try send(request, client: client)
                active += 1
            }
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while active > 0 {
            let ready = poll(&pollers, nfds_t(pollers.count), 500)
            if ready < 0 {
                if errno == EINTR { continue }
                throw ClosedLoopError.system("poll", errno)
            }
            let now = Self.nanoseconds()
            for index in pollers.indices where pollers[index].revents != 0 {
                let events = pollers[index].revents
                pollers[index].revents = 0
                if events & Int16(POLLOUT) != 0 { try flush(index) }
                guard events & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { continue }
                while true {
                    let count = read(connections[index].fd, &buffer, buffer.count)
                    if count > 0 {
                        connections[index].inbox.append(contentsOf: buffer[0..<count])
                        if count < buffer.count { break }
                    } else if count == 0 {
                        throw ClosedLoopError.closed(client: index)
                    } else if errno == EAGAIN || errno == EWOULDBLOCK {
                        break
                    } else if errno != EINTR {
                        throw ClosedLoopError.system("read", errno)
                    }
                }
                while connections[index].busy, let answer = try takeAnswer(index, now: now) {
                    connections[index].busy = false
                    if let request = try next(index / perClient, answer) {
                        try send(request, client: index / perClient)
                    } else {
                        active -= 1
                    }
                }
            }
            let checked = Self.nanoseconds()
            for index in connections.indices where connections[index].busy {
                let waited = Double(checked - min(checked, connections[index].sentAt)) / 1e9
                if waited > timeout { throw ClosedLoopError.timedOut(client: index / perClient, seconds: timeout) }
            }
        }
    }

    private func send(_ request: OutgoingRequest, client: Int) throws {
        precondition((0..<perClient).contains(request.via))
        let index = client * perClient + request.via
        connections[index].outbox = request.bytes
        connections[index].written = 0
        connections[index].busy = true
        connections[index].sentAt = Self.nanoseconds()
        try flush(index)
    }

    private func flush(_ index: Int) throws {
        while connections[index].written < connections[index].outbox.count {
            let written = connections[index].outbox.withUnsafeBytes { bytes in
                write(
                    connections[index].fd, bytes.baseAddress! + connections[index].written,
                    bytes.count - connections[index].written)
            }
            if written > 0 {
                connections[index].written += written
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try watch(index, writable: true)
                return
            } else if errno != EINTR {
                throw ClosedLoopError.system("write", errno)
            }
        }
        try watch(index, writable: false)
    }

    private func watch(_ index: Int, writable: Bool) throws {
        pollers[index].events = Int16(POLLIN) | (writable ? Int16(POLLOUT) : 0)
    }

    /// The first whole answer in the connection's inbox, removed from it; nil while it is incomplete. Parsed as bytes
    /// (the status code, and the Content-Length and Transfer-Encoding headers, whatever their case).
    private func takeAnswer(_ index: Int, now: UInt64) throws -> HTTPAnswer? {
        let parsed: (status: Int, bodyStart: Int, length: Int)? = try connections[index].inbox.withUnsafeBufferPointer {
            inbox in
            guard let headEnd = Self.headEnd(inbox) else {
                if inbox.count > 16_384 { throw ClosedLoopError.malformed(client: index, "a head over 16 KB") }
                return nil
            }
            // "HTTP/1.x NNN ..."
            guard headEnd >= 12, inbox[0] == UInt8(ascii: "H"), inbox[8] == UInt8(ascii: " "),
                let status = Self.number(inbox[9..<12])
            else {
                throw ClosedLoopError.malformed(
                    client: index, "status line '\(String(decoding: inbox[0..<min(headEnd, 80)], as: UTF8.self))'")
            }
            var length: Int?
            var lineStart = 0
            while lineStart < headEnd {
                var lineEnd = lineStart
                while lineEnd < headEnd, inbox[lineEnd] != 13 { lineEnd += 1 }
                let line = inbox[lineStart..<lineEnd]
                if Self.hasPrefix(line, "content-length:") {
                    length = Self.number(line.dropFirst(15).drop { $0 == 32 })
                } else if Self.hasPrefix(line, "transfer-encoding:") {
                    throw ClosedLoopError.malformed(client: index, "a Transfer-Encoding (not supported here)")
                }
                lineStart = lineEnd + 2
            }
            guard let length else { throw ClosedLoopError.malformed(client: index, "no Content-Length") }
            return (status, headEnd + 4, length)
        }
        guard let parsed, connections[index].inbox.count >= parsed.bodyStart + parsed.length else { return nil }
        let body = Array(connections[index].inbox[parsed.bodyStart..<parsed.bodyStart + parsed.length])
        connections[index].inbox.removeFirst(parsed.bodyStart + parsed.length)
        return HTTPAnswer(status: parsed.status, body: body, seconds: Double(now &- connections[index].sentAt) / 1e9)
    }

    /// Where the blank line ending the head starts.
    private static func headEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for start in 0...(bytes.count - 4)
        where bytes[start] == 13 && bytes[start + 1] == 10 && bytes[start + 2] == 13 && bytes[start + 3] == 10 {
            return start
        }
        return nil
    }

    /// Whether `line` starts with `prefix` (lowercase ASCII), ignoring case.
    private static func hasPrefix(_ line: Slice<UnsafeBufferPointer<UInt8>>, _ prefix: StaticString) -> Bool {
        guard line.count >= prefix.utf8CodeUnitCount else { return false }
        return zip(line, UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)).allSatisfy {
            ($0 | 0x20) == $1 || $0 == $1
        }
    }

    /// Decimal digits (at least one, at most 9) as a number.
    private static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard (1...9).contains(digits.count), digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// A request's bytes: `method path`, the given headers, and a JSON body when there is one.
    static func request(
        _ method: String, _ path: String, headers: [(String, String)] = [], json body: String? = nil, via: Int = 0
    ) -> OutgoingRequest {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if let body {
            text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        } else {
            text += "\r\n"
        }
        return OutgoingRequest(bytes: Array(text.utf8), via: via)
    }
}
