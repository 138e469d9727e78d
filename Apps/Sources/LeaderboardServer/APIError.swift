// APIError: every refusal the API gives, as an HTTP status with a JSON body
// `{"error":{"status":400,"code":"invalidName","message":"..."}}`.

import Foundation
import Hummingbird

/// A refusal with its status, a stable code for programs and a message for people.
public struct APIError: Error, HTTPResponseError, Sendable {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String
    /// Seconds to wait before trying again (a `Retry-After` header), for 429 and 503.
    public let retryAfter: Int?

    /// A refusal with `status`, a stable `code` and a `message` for people.
    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String, retryAfter: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    /// Too many requests: try again in `seconds`.
    static func tooMany(_ what: String, retryAfter seconds: Int) -> APIError {
        APIError(
            .tooManyRequests, "rateLimited", "too many \(what); try again in \(seconds) s", retryAfter: seconds)
    }

    /// The error as a JSON response.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Self.json(status: status, code: code, message: message, retryAfter: retryAfter)
    }

    static func json(status: HTTPResponse.Status, code: String, message: String, retryAfter: Int? = nil)
        -> Response
    {
        let body: [String: [String: AnyCodable]] = [
            "error": ["status": .int(status.code), "code": .string(code), "message": .string(message)]
        ]
        let data = (try? JSONEncoder.sorted.encode(body)) ?? Data("{}".utf8)
        var headers: HTTPFields = [.contentType: "application/json"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// The two kinds of value an error body holds.
enum AnyCodable: Encodable {
    case int(Int)
    case string(String)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .int(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }
}

extension JSONEncoder {
    /// Sorted keys: the same answer gives the same bytes.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

/// Maps anything thrown by a handler to a JSON error (Hummingbird's own errors keep their status).
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return APIError.json(
                status: error.status, code: error.code, message: error.message, retryAfter: error.retryAfter)
        } catch let error as HTTPResponseError {
            let code = error.status == .contentTooLarge ? "bodyTooLarge" : "http\(error.status.code)"
            return APIError.json(status: error.status, code: code, message: error.status.reasonPhrase)
        } catch is CancellationError {
            // A request cut off at the shutdown deadline: its client is being disconnected.
            return APIError.json(status: .serviceUnavailable, code: "shuttingDown", message: "the server is stopping")
        } catch {
            context.logger.error("unexpected error: \(error)")
            return APIError.json(status: .internalServerError, code: "internal", message: "internal error")
        }
    }
}
