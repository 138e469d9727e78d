import Foundation
import InterludeTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `interlude leaderboard serve` as a user runs it: listens, stores, stops on SIGTERM, keeps its data.
final class LeaderboardServeTests: XCTestCase {
    /// Starts the server on a free port over `database`; returns the process, its base URL and its output.
    func serve(_ database: String) throws -> (Process, String, Pipe) {
        let process = Process()
        process.executableURL = Interlude.binary
        process.arguments = ["leaderboard", "serve", "--port", "0", "--db", database]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let url = try XCTUnwrap(
            text.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init), text)
        return (process, url, output)
    }

    func call(_ method: String, _ url: String, _ body: String?, headers: [String: String] = [:]) throws -> (Int, Data) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox()
        URLSession.shared.dataTask(with: request) { data, response, _ in
            result.set((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data())
            done.signal()
        }.resume()
        XCTAssertEqual(done.wait(timeout: .now() + 20), .success)
        return result.get()
    }

    func testServeStoresStopsGracefullyOnSIGTERMAndKeepsTheScores() throws {
        let folder = try TemporaryFolder().url
        let database = folder.appendingPathComponent("scores.sqlite").path
        let (first, url, output) = try serve(database)
        let (status, data) = try call("POST", url + "/v1/players", #"{"name":"Ada"}"#)
        XCTAssertEqual(status, 201)
        let player = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let id = try XCTUnwrap(player["id"] as? Int)
        let token = try XCTUnwrap(player["token"] as? String)
        let submitted = try call(
            "POST", url + "/v1/players/\(id)/scores", #"{"level":1,"score":420}"#,
            headers: ["Authorization": "Bearer \(token)", "Idempotency-Key": "first"])
        XCTAssertEqual(submitted.0, 201)
        first.terminate()  // SIGTERM
        first.waitUntilExit()
        XCTAssertEqual(first.terminationStatus, 0)
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(rest.contains("leaderboard stopped"), rest)

        let (second, secondURL, _) = try serve(database)
        defer {
            second.terminate()
            second.waitUntilExit()
        }
        let (topStatus, top) = try call("GET", secondURL + "/v1/levels/1/top", nil)
        XCTAssertEqual(topStatus, 200)
        XCTAssertTrue(
            String(decoding: top, as: UTF8.self).contains(#""name":"Ada","player":\#(id),"rank":1,"score":420"#))
    }
}

final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (Int, Data) = (0, Data())
    func set(_ status: Int, _ data: Data) { lock.withLock { value = (status, data) } }
    func get() -> (Int, Data) { lock.withLock { value } }
}
