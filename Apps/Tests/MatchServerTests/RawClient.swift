import Foundation
import Logging
import NIOCore
import NIOWebSocket
import Synchronization
import WSClient

/// A WebSocket client that sends whatever a test gives it (garbage, huge frames, binary, bad UTF-8) and records
/// what comes back: the hostile peer of the hostile-input tests. Blocking; call from a plain thread.
final class Box: Sendable {
    let value = Mutex(RawClient.Answers())
}

struct RawClient {
    enum Frame: Sendable {
        case text(String)
        case binary([UInt8])
        case badUTF8([UInt8])  // a text frame whose bytes are not UTF-8
    }

    struct Answers: CustomStringConvertible {
        var texts: [String] = []
        /// The server ended the connection before the wait was over.
        var serverClosed = false
        var closeCode: String?
        var failure: String?

        var description: String {
            "answers \(texts.map { String($0.prefix(200)) }), serverClosed \(serverClosed), close \(closeCode ?? "-"), failure \(failure ?? "-")"
        }

        /// The `code` of the first `error` message.
        var errorCode: String? {
            for text in texts {
                if let range = text.range(of: #""code":""#) {
                    return String(text[range.upperBound...].prefix { $0 != "\"" })
                }
            }
            return nil
        }
    }

    let url: String

    /// Sends `frames`, then reads until the server closes or `thenWait` seconds pass.
    func exchange(_ frames: [Frame], thenWait seconds: Double = 2) -> Answers {
        let answers = Box()
        let done = DispatchSemaphore(value: 0)
        var logger = Logger(label: "raw")
        logger.logLevel = .critical
        let url = self.url
        Task.detached {
            do {
                let close = try await WebSocketClient.connect(
                    url: url, configuration: WebSocketClientConfiguration(maxFrameSize: 4 << 20), logger: logger
                ) { inbound, outbound, _ in
                    for frame in frames {
                        switch frame {
                        case .text(let text): try await outbound.write(.text(text))
                        case .binary(let bytes): try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                        case .badUTF8(let bytes):
                            try await outbound.write(
                                .custom(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: bytes))))
                        }
                    }
                    let closed = await withTaskGroup(of: Bool.self) { group in
                        group.addTask {
                            do {
                                for try await message in inbound.messages(maxSize: 1 << 20) {
                                    if case .text(let text) = message {
                                        answers.value.withLock { $0.texts.append(text) }
                                    }
                                }
                            } catch {}
                            return true
                        }
                        group.addTask {
                            try? await Task.sleep(for: .seconds(seconds))
                            return false
                        }
                        let first = await group.next() ?? false
                        group.cancelAll()
                        return first
                    }
                    answers.value.withLock { $0.serverClosed = closed }
                }
                answers.value.withLock { $0.closeCode = close.map { "\($0.closeCode)" } }
            } catch {
                answers.value.withLock {
                    $0.failure = "\(error)"
                    $0.serverClosed = true
                }
            }
            done.signal()
        }
        _ = done.wait(timeout: .now() + seconds + 10)
        return answers.value.withLock { $0 }
    }
}
