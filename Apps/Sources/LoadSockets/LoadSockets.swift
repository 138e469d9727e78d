// LoadSockets: the raw TCP sockets of the load checks (`leaderboard-load --slowloris`, `match-load --pre-hello`),
// which must do what no well-behaved client does: connect from a chosen loopback address (127.N.0.1, so that one
// machine plays many addresses), send part of a request and then nothing, and notice without waiting when the
// server gives up on them. One copy for both checks. Imports Glibc only.

#if canImport(Glibc)
    import Glibc
#endif

/// Raw TCP sockets to a server on 127.0.0.1, from a chosen source address.
public enum LoadSockets {
    /// Raises this process's descriptor limit to `wanted` (within the hard limit).
    public static func raiseDescriptorLimit(to wanted: Int) {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = min(limit.rlim_max, max(limit.rlim_cur, rlim_t(wanted)))
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// A TCP socket from `source` to 127.0.0.1:`port`, non-blocking once connected; when not `blocking`, the connect
    /// itself does not wait either (it may still be under way). Nil when it could not be opened.
    public static func open(port: Int, from source: String, blocking: Bool = true) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        if !blocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let ok =
            withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            } == 0
            && (withUnsafePointer(to: &remote) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            } == 0 || (!blocking && errno == EINPROGRESS))
        guard ok else {
            close(fd)
            return nil
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return fd
    }

    /// Sends `text` on `fd` (best effort: a load check's socket may be closed under it).
    public static func send(_ text: String, on fd: Int32) {
        _ = text.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// Sends `bytes` on `fd` without waiting (best effort: what the socket cannot take now is dropped); the count sent.
    @discardableResult
    public static func send(bytes: [UInt8], on fd: Int32) -> Int {
        bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    }

    /// A WebSocket client frame (FIN set) of `opcode` (1 text, 9 ping) holding `payload`, masked as RFC 6455 requires.
    public static func webSocketFrame(_ payload: [UInt8], opcode: UInt8 = 1) -> [UInt8] {
        let key: [UInt8] = [0x5A, 0x17, 0xC3, 0x08]
        let length: [UInt8] =
            payload.count < 126
            ? [0x80 | UInt8(payload.count)]
            : [0x80 | 126, UInt8(payload.count >> 8 & 0xFF), UInt8(payload.count & 0xFF)]
        return [0x80 | opcode] + length + key + payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
    }

    /// Whether what the server has sent on `fd` so far (its first 4 KiB) holds `text`, leaving it to be read.
    public static func hasReceived(_ text: String, on fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count > 0 && buffer[0..<count].firstRange(of: Array(text.utf8)) != nil
    }

    /// Everything the server has sent on `fd` so far, without waiting, and whether it has closed the connection.
    public static func drain(_ fd: Int32) -> (bytes: [UInt8], isClosed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 {
                received += buffer[0..<count]
                continue
            }
            return (received, !(count < 0 && errno == EAGAIN))
        }
    }

    /// Waits up to `milliseconds` for `fd` to have something to read (or to be closed).
    public static func waitReadable(_ fd: Int32, milliseconds: Int32) {
        var readable = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&readable, 1, milliseconds)
    }

    /// Waits up to `milliseconds` for `fd` to be writable (a non-blocking connect finished).
    public static func waitWritable(_ fd: Int32, milliseconds: Int32) {
        var writable = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&writable, 1, milliseconds)
    }

    /// Whether the server closed `fd` (end of file or an error), without waiting; what it sent before is read and
    /// dropped (an error answer before the close).
    public static func isClosed(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { continue }
            return count == 0 || errno != EAGAIN
        }
    }
}
