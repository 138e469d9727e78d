// ServerLogHandler: the servers' log handler. Like swift-log's StreamLogHandler (standard error), with two changes:
// - setting metadata costs nothing until something is logged (Hummingbird sets a request id on the logger of every
//   request, and StreamLogHandler formats its whole metadata each time: a few per cent of the server's CPU under load,
//   for lines almost never written);
// - a line repeated is written once a window (10 s), then once more with how many were left out: an attack made of
//   thousands of connections that fail the same way (a WebSocket upgrade cut at its deadline logs "Error handling
//   upgrade result" in Hummingbird) must not fill the disk or bury the one line that matters.

import Glibc
import Logging
import Synchronization

/// Logs to standard error as StreamLogHandler does, formatting metadata only for lines written, and writing a
/// repeated line once per `ServerLogHandler.window` seconds.
public struct ServerLogHandler: LogHandler {
    public let label: String
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    /// Seconds within which a line already written is counted, not written again.
    public static let window: UInt64 = 10

    public init(label: String) { self.label = label }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let key = "\(label) \(event.level) \(event.message)"
        guard let left = Self.throttle.admit(key, at: Self.seconds()) else { return }
        var stream = StreamLogHandler.standardError(label: label, metadataProvider: metadataProvider)
        stream.logLevel = logLevel
        stream.metadata = metadata
        var event = event
        if left > 0 { event.message = "\(event.message) (and \(left) more like it in the last \(Self.window) s)" }
        stream.log(event: event)
    }

    static let throttle = Throttle()

    static func seconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec)
    }
}

/// Which lines are written: per line, when its window began and how many were left out since.
final class Throttle: Sendable {
    private let lines = Mutex<[String: (since: UInt64, left: Int)]>([:])

    /// Lines remembered now (at most 1,024 beside those still within their window).
    var count: Int { lines.withLock { $0.count } }

    /// nil: leave the line out; otherwise write it, saying how many like it were left out before it.
    func admit(_ key: String, at now: UInt64) -> Int? {
        lines.withLock { lines in
            if let seen = lines[key], now < seen.since + ServerLogHandler.window {
                lines[key] = (seen.since, seen.left + 1)
                return nil
            }
            if lines.count >= 1024 { lines = lines.filter { now < $0.value.since + ServerLogHandler.window } }
            let left = lines[key]?.left ?? 0
            lines[key] = (now, 0)
            return left
        }
    }
}
