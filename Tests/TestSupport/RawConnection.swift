// RawConnection: a TCP connection held byte by byte, as an attacker holds it, for the servers' hardening tests (the
// leaderboard's and the match server's): from any 127.x.y.z source address, so that one test plays many clients.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection to the server on loopback, byte by byte, as an attacker holds it: from any 127.x.y.z source
/// address (all of 127/8 is loopback on Linux, so one test can play many clients).
public final class RawConnection {
    public let fd: Int32

    /// Connects from `source` (e.g. "127.0.0.2") to 127.0.0.1:`port`; nil when the connection failed.
    public init?(port: Int, from source: String = "127.0.0.1") {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var local = Self.address(source, port: 0)
        var remote = Self.address("127.0.0.1", port: port)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, connected == 0 else {
            close(fd)
            return nil
        }
    }

    deinit { close(fd) }

    private static func address(_ text: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, text, &address.sin_addr)
        return address
    }

    /// Sends `bytes` as they are (ignores failures: the server may have closed the connection).
    public func send(bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// What the server sent within `seconds`, until it closed, the time passed, or `isEnough` holds of what came.
    public func receive(within seconds: Double, until isEnough: ([UInt8]) -> Bool = { _ in false }) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !isEnough(received) {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) == 1 else { continue }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return received
    }

    /// Sends `text` (ignores failures: the server may have closed the connection).
    public func send(_ text: String) { send(bytes: Array(text.utf8)) }

    /// Whether the server has closed the connection (end of file or a reset, after any answer it sent first),
    /// waiting at most `seconds`.
    public func isClosedByServer(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        repeat {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = max(0, deadline.timeIntervalSinceNow)
            guard poll(&poller, 1, Int32(left * 1000)) == 1 else { return false }
            let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count == 0 { return true }
            if count < 0, errno != EAGAIN { return true }
        } while Date() < deadline
        return false
    }

    /// Sends a whole request and reads the answer's status line, within `seconds`; nil on timeout or close.
    public func exchange(_ request: String, seconds: Double = 5) -> String? {
        send(request)
        let headEnd: [UInt8] = [13, 10, 13, 10]
        let received = receive(within: seconds) { $0.firstRange(of: headEnd) != nil }
        guard received.firstRange(of: headEnd) != nil, let text = String(bytes: received, encoding: .utf8) else {
            return nil
        }
        return text.split(separator: "\r\n").first.map(String.init)
    }
}
