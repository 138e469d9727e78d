// ServerLogHandler: swift-log's StreamLogHandler (standard error), except that setting metadata costs nothing until
// something is logged. Hummingbird sets a request id on the logger of every request, and StreamLogHandler formats
// its whole metadata each time metadata is set: a few per cent of the server's CPU under load, for lines that are
// almost never written (the server logs warnings and errors, and `serve` its start).

import Logging

/// Logs to standard error as StreamLogHandler does, formatting metadata only for lines actually logged.
struct ServerLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String) { self.label = label }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var stream = StreamLogHandler.standardError(label: label, metadataProvider: metadataProvider)
        stream.logLevel = logLevel
        stream.metadata = metadata
        stream.log(event: event)
    }
}
