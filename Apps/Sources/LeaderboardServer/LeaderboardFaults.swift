// LeaderboardFaults: a switch that makes the server slow or broken on purpose, for tests, replay scripts
// (`leaderboard down`, `up`) and demos. It is an in-process object, never reachable over HTTP.

import Hummingbird
import Synchronization

/// How the server misbehaves.
public enum LeaderboardFault: Sendable, Equatable {
    case none
    case unavailable  // every request gets 503
    case internalError  // every request gets 500
    case garbage  // every request gets 200 with a body that is not JSON
}

/// The current fault and response delay; safe to change from any thread while the server runs.
public final class LeaderboardFaults: Sendable {
    private let state = Mutex<(fault: LeaderboardFault, delay: Duration)>((.none, .zero))

    public init() {}

    /// The fault in force.
    public var fault: LeaderboardFault {
        get { state.withLock { $0.fault } }
        set { state.withLock { $0.fault = newValue } }
    }

    /// How long the server waits before answering each request.
    public var delay: Duration {
        get { state.withLock { $0.delay } }
        set { state.withLock { $0.delay = newValue } }
    }
}

/// Applies the faults before any route runs.
struct FaultMiddleware<Context: RequestContext>: RouterMiddleware {
    let faults: LeaderboardFaults

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let delay = faults.delay
        if delay > .zero { try await Task.sleep(for: delay) }
        switch faults.fault {
        case .none:
            return try await next(request, context)
        case .unavailable:
            throw APIError(.serviceUnavailable, "unavailable", "the leaderboard is down")
        case .internalError:
            throw APIError(.internalServerError, "internal", "the leaderboard failed")
        case .garbage:
            return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "<html>not json")))
        }
    }
}
