// HTTPLeaderboard+HTTP: the requests themselves (the API is described in LeaderboardServer's
// LeaderboardRoutes.swift) and how each answer becomes a `LeaderboardResult`. Answers are handled on the
// transport's `answers` queue; shared state is touched only through the mailbox.

import AsyncHTTPClient
import Foundation
import InterludeNetwork
import Runtime

extension HTTPLeaderboard {
    private struct TopAnswer: Decodable {
        struct Entry: Decodable {
            let rank: Int
            let name: String
            let score: Int64
        }
        let entries: [Entry]
    }

    /// A name from the server as the screen shows it: at most 24 characters, anything unprintable as `?`.
    public static func shown(_ name: String) -> String {
        let scalars = name.unicodeScalars.prefix(25).map {
            $0.properties.generalCategory == .control ? "?" : Character($0)
        }
        return scalars.count > 24 ? String(scalars.prefix(23)) + "…" : String(scalars)
    }

    func fetchTop(_ id: Int64) {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("v1/levels/\(topLevel)/top"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "limit", value: "5")]
        run(id, try HTTPClient.Request(url: components.url!)) { status, data in
            Self.topResult(status: status, body: data)
        }
    }

    /// What the answer to `GET /v1/levels/:level/top` gives the game: the lines to show, or a failed fetch.
    public static func topResult(status: Int, body: Data) -> LeaderboardResult {
        guard status == 200, let answer = try? JSONDecoder().decode(TopAnswer.self, from: body) else {
            return .failed(.fetchTop)
        }
        if answer.entries.isEmpty { return .top(["no scores yet"]) }
        // The server is outside: at most the 5 lines asked for, names cut to what the screen shows, printable.
        return .top(answer.entries.prefix(5).map { "\($0.rank). \(Self.shown($0.name))  \($0.score)" })
    }

    /// The identity in the answer to `POST /v1/players`, or nil when the answer is not one.
    public static func registeredIdentity(status: Int, body: Data) -> PlayerIdentity? {
        guard status == 201 else { return nil }
        return try? JSONDecoder().decode(PlayerIdentity.self, from: body)
    }

    /// Registers this installation, keeps its identity, then sends the submission that needed it. Names are unique
    /// on the server (ignoring case): when `playerName` is taken (409), it tries again as `playerName-NNNN`, a few
    /// times.
    func register(_ id: Int64, then score: Int64, _ key: Int64, _ milliseconds: Int64?, attempt: Int = 0) {
        let name = attempt == 0 ? playerName : "\(playerName.prefix(18))-\(Int.random(in: 1000...99999))"
        let body = (try? JSONEncoder().encode(["name": name])) ?? Data()
        run(
            id,
            try HTTPClient.Request(
                url: baseURL.appendingPathComponent("v1/players"), method: .POST,
                headers: ["Content-Type": "application/json"], body: .bytes(body))
        ) { [self] status, data in
            if status == 409, attempt < 4 {
                register(id, then: score, key, milliseconds, attempt: attempt + 1)
                return nil
            }
            guard let identity = Self.registeredIdentity(status: status, body: data) else {
                return .failed(.submit(score: score, key: key, milliseconds: milliseconds))
            }
            if let identityFile { try? identity.save(to: identityFile) }
            mailbox.withLock {
                $0.identity = identity
                $0.players.insert(identity.id)
            }
            submit(id, score: score, key: key, milliseconds: milliseconds, as: identity)
            return nil
        }
    }

    /// Sends a score with the run's play time in milliseconds (none when unknown: the server then refuses it with a
    /// 422, which settles the entry, as for any score it can never accept).
    func submit(_ id: Int64, score: Int64, key: Int64, milliseconds: Int64?, as identity: PlayerIdentity) {
        var fields = ["level": Int64(ScoreKey.level(of: key)), "score": score]
        if let milliseconds { fields["milliseconds"] = milliseconds }
        let body = (try? JSONEncoder().encode(fields)) ?? Data()
        run(
            id,
            try HTTPClient.Request(
                url: baseURL.appendingPathComponent("v1/players/\(identity.id)/scores"), method: .POST,
                headers: [
                    "Content-Type": "application/json", "Authorization": "Bearer \(identity.token)",
                    "Idempotency-Key": String(key),
                ],
                body: .bytes(body))
        ) { [self] status, _ in
            switch status {
            case 200, 201:
                return .submitted(key: key)
            case 409:
                // The server already holds another score under this key (a run replayed from an older snapshot):
                // it keeps the first, and sending again can never succeed, so the entry is settled.
                return .submitted(key: key)
            case 422:
                // The server's levels cannot give this score (another game's levels, or a forged save), or not in the
                // run's time, or the run's time is unknown (an outbox saved before issue 17): it will never be
                // accepted, so the entry is settled rather than sent every 2 s for ever.
                mailbox.withLock { _ = $0.refused.insert(key) }
                return .submitted(key: key)
            case 401, 403:
                // The server no longer knows this token (a new database): register again on the next try.
                mailbox.withLock { $0.identity = nil }
                return .failed(.submit(score: score, key: key, milliseconds: milliseconds))
            default:
                return .failed(.submit(score: score, key: key, milliseconds: milliseconds))
            }
        }
    }

    /// Sends `request` for entry `id`; `handle` turns the answer into a result (nil: a follow-up was sent).
    /// A request that cannot be built, or an exchange that fails, gives `.failed`.
    func run(
        _ id: Int64, _ makeRequest: @autoclosure () throws -> HTTPClient.Request,
        handle: @escaping @Sendable (Int, Data) -> LeaderboardResult?
    ) {
        guard let kind = mailbox.withLock({ $0.entries[id]?.kind }) else { return release(id) }  // cancelled already
        let request: HTTPClient.Request
        do { request = try makeRequest() } catch { return finish(id, .failed(kind)) }
        let task = client.execute(
            request: request, delegate: ResponseAccumulator(request: request, maxBodySize: Self.answerLimit))
        let isLive = mailbox.withLock { box -> Bool in
            guard box.entries[id] != nil else { return false }
            box.entries[id]?.task = task
            return true
        }
        // Cancelled while the exchange was being started: `cancel` did not see this task, so cancel it here.
        if !isLive, cancelsExchanges { task.cancel() }
        task.futureResult.whenComplete { [self] outcome in
            answers.async { [self] in answered(id, outcome, handle: handle) }
        }
    }

    /// An exchange of entry `id` is over: a cancellation is counted, an answer for a request no longer wanted is
    /// dropped, anything else becomes the entry's result (or a follow-up request).
    private func answered(
        _ id: Int64, _ outcome: Result<HTTPClient.Response, any Error>,
        handle: @Sendable (Int, Data) -> LeaderboardResult?
    ) {
        if case .failure(let error) = outcome, error as? HTTPClientError == .cancelled {
            mailbox.withLock { $0.cancelledTasks += 1 }
            return
        }
        guard let kind = mailbox.withLock({ $0.entries[id]?.kind }) else {
            mailbox.withLock { $0.droppedAnswers += 1 }
            return release(id)
        }
        let result: LeaderboardResult?
        switch outcome {
        case .success(let response):
            result = handle(Int(response.status.code), response.body.map { Data($0.readableBytesView) } ?? Data())
        case .failure:
            result = .failed(kind)
        }
        if let result { finish(id, result) }
    }

    /// Request `id` was cancelled and its exchange is over: the next request goes out.
    func release(_ id: Int64) {
        if let next = mailbox.withLock({ $0.release(id) }) { launch(next) }
    }

    /// Puts `result` in the mailbox, unless the request was cancelled meanwhile (then it is dropped), and
    /// sends the next request.
    func finish(_ id: Int64, _ result: LeaderboardResult) {
        let (done, next) = mailbox.withLock { box -> (DispatchSemaphore?, (Int64, LeaderboardRequestKind)?) in
            guard box.entries[id] != nil else {
                box.droppedAnswers += 1
                return (nil, box.release(id))
            }
            box.entries[id]?.result = result
            if box.running == id { box.running = nil }
            return (box.entries[id]?.done, box.takeNext())
        }
        done?.signal()
        if let next { launch(next) }
    }
}
