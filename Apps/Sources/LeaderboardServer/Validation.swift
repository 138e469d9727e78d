// Validation: the rules for what the API accepts. Everything a client sends passes through here before
// it reaches SQL (which is parameterised anyway).

import Foundation
import Hummingbird
import StrictJSON

/// Limits and checks on input.
public enum Validation {
    /// The largest request body accepted, in bytes.
    public static let maxBodyBytes = 4096
    /// Scores are within 0...maxScore; anything else is absurd for this game.
    public static let maxScore: Int64 = 100_000_000
    /// Levels are within 1...maxLevel.
    public static let maxLevel = 99
    /// Top lists have at most this many lines.
    public static let maxTop = 100

    /// A player name: 1–24 characters, letters, digits, space and `_ - . '` (a name like O'Brien is fine and
    /// is stored as text; `;`, quotes other than `'`, `--`-style SQL needs other characters and is refused).
    public static func name(_ raw: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespaces)
        guard (1...24).contains(name.count) else {
            throw APIError(.badRequest, "invalidName", "name must be 1 to 24 characters")
        }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: " _-.'"))
        guard name.unicodeScalars.allSatisfy({ allowed.contains($0) && $0.isASCII }) else {
            throw APIError(.badRequest, "invalidName", "name may hold only letters, digits, space and _ - . '")
        }
        return name
    }

    /// A score within bounds.
    public static func score(_ score: Int64) throws -> Int64 {
        guard (0...maxScore).contains(score) else {
            throw APIError(.badRequest, "invalidScore", "score must be within 0...\(maxScore)")
        }
        return score
    }

    /// A level number within bounds.
    public static func level(_ text: String?) throws -> Int {
        guard let text, let level = Int(text), (1...maxLevel).contains(level) else {
            throw APIError(.badRequest, "invalidLevel", "level must be a number within 1...\(maxLevel)")
        }
        return level
    }

    /// The token of `Authorization: Bearer <token>`: exactly 64 lowercase hex digits, as registration hands them
    /// out, after exactly `Bearer ` (no other space anywhere: the HTTP parser has trimmed the value's ends). The
    /// header's length and shape are checked before anything else is done with it (no hashing, no SQL).
    public static func token(_ header: String?) throws -> String {
        guard let header else {
            throw APIError(.unauthorized, "missingToken", "send Authorization: Bearer <token>")
        }
        let prefix = "Bearer "
        guard header.utf8.starts(with: prefix.utf8) else {
            throw APIError(.unauthorized, "missingToken", "send Authorization: Bearer <token>")
        }
        let token = header.utf8.dropFirst(prefix.utf8.count)
        guard token.count == 64, token.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            throw APIError(.unauthorized, "badToken", "the token is not valid")
        }
        return String(decoding: token, as: UTF8.self)
    }

    /// An idempotency key: 1–64 characters of letters, digits, `_ - .`.
    public static func idempotencyKey(_ key: String?) throws -> String {
        guard let key, (1...64).contains(key.utf8.count),
            key.utf8.allSatisfy({ byte in
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                    return true
                default: return false
                }
            })
        else {
            throw APIError(
                .badRequest, "invalidIdempotencyKey",
                "the Idempotency-Key header must be 1 to 64 characters of A-Z a-z 0-9 _ - .")
        }
        return key
    }

    /// The body of `request`, at most `maxBodyBytes` (a larger one is a 413 `bodyTooLarge`).
    static func body(of request: Request) async throws -> Data {
        let buffer: ByteBuffer
        do {
            var request = request
            buffer = try await request.collectBody(upTo: maxBodyBytes)
        } catch let error as HTTPResponseError where error.status == .contentTooLarge {
            throw APIError(.contentTooLarge, "bodyTooLarge", "the body must be at most \(maxBodyBytes) bytes")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // The client closed, or was cut off by the read deadline, before the whole body came: nobody to answer.
            throw APIError(.badRequest, "incompleteBody", "the body ended before its Content-Length")
        }
        return Data(buffer.readableBytesView)
    }

    /// Reads a collected JSON body into `T`; anything else is a 400 `invalidJSON`.
    static func decodeBody<T: Decodable>(_ type: T.Type, from body: Data) throws -> T {
        // RFC 8259 and nothing looser first (module StrictJSON, shared with the match server): JSONDecoder alone takes trailing commas, a key twice
        // and 7.0 for 7.
        if let problem = StrictJSON.problem(in: body) {
            throw APIError(.badRequest, "invalidJSON", "the body is not strict JSON: \(problem)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw APIError(.badRequest, "invalidJSON", "the body is not the expected JSON: \(Self.describe(error))")
        }
    }

    /// The body of `POST /v1/players`, decoded and checked: the player's name as it is stored.
    public static func registration(body: Data) throws -> String {
        try name(try decodeBody(RegisterBody.self, from: body).name)
    }

    /// The body of `POST /v1/players/:id/scores`, decoded and checked: the level and the score as they are stored.
    public static func submission(body: Data) throws -> (level: Int, score: Int64) {
        let body = try decodeSubmission(body, as: SubmitBody.self) { SubmitBody(level: $0.level, score: $0.score) }
        return (try level(String(body.level)), try score(body.score))
    }

    /// What the route reads: `submission(body:)` and the run's duration (milliseconds of play within
    /// 0...maxMilliseconds, or nil when the body does not say: a client from before issue 17), from one decoding.
    static func submissionWithDuration(body: Data) throws -> (level: Int, score: Int64, milliseconds: Int64?) {
        let body = try decodeSubmission(body, as: SubmitBodyWithDuration.self) { $0 }
        return (try level(String(body.level)), try score(body.score), try milliseconds(body.milliseconds))
    }

    /// A submission's body as `T`: read without JSONDecoder when it has the plain shape (SubmissionBody.swift), else
    /// through it, so that both readings above (the fuzzers' and the route's) take the same path.
    private static func decodeSubmission<T: Decodable>(
        _ body: Data, as type: T.Type, _ plain: (SubmitBodyWithDuration) -> T
    ) throws -> T {
        if let fields = SubmissionBody.plain(body) {
            return plain(
                SubmitBodyWithDuration(level: Int(fields.level), score: fields.score, milliseconds: fields.milliseconds)
            )
        }
        return try decodeBody(T.self, from: body)
    }

    private static func milliseconds(_ milliseconds: Int64?) throws -> Int64? {
        guard let milliseconds else { return nil }
        guard (0...maxMilliseconds).contains(milliseconds) else {
            throw APIError(.badRequest, "invalidDuration", "milliseconds must be within 0...\(maxMilliseconds)")
        }
        return milliseconds
    }

    /// The longest run a submission may state: 100 days of play.
    public static let maxMilliseconds: Int64 = 100 * 86_400_000

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _): return "missing '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        case .dataCorrupted: return "malformed JSON"
        default: return "unreadable"
        }
    }
}
