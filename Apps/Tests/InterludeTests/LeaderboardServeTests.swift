import Foundation
import InterludeTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `interlude leaderboard serve` as a user runs it: listens, stores, stops on SIGTERM, keeps its data.
final class LeaderboardServeTests: XCTestCase {
    /// Starts the server on a free port over `database`; returns the process, its base URL and its output.
    func serve(_ database: String, extra: [String] = []) throws -> (Process, String, Pipe) {
        let process = Process()
        process.executableURL = Interlude.binary
        process.arguments = ["leaderboard", "serve", "--port", "0", "--db", database] + extra
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
            "POST", url + "/v1/players/\(id)/scores", #"{"level":1,"score":420,"milliseconds":60000}"#,
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

extension LeaderboardServeTests {
    /// A request whose body stalls holds the server for at most the shutdown grace after SIGTERM; what was
    /// acknowledged before is on disk.
    func testSIGTERMWithAStalledBodyExitsWithinTheGrace() throws {
        let folder = try TemporaryFolder().url
        let database = folder.appendingPathComponent("scores.sqlite").path
        let (server, url, _) = try serve(database, extra: ["--shutdown-grace", "1"])
        let (status, data) = try call("POST", url + "/v1/players", #"{"name":"Ada"}"#)
        XCTAssertEqual(status, 201)
        let player = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let id = try XCTUnwrap(player["id"] as? Int)
        let token = try XCTUnwrap(player["token"] as? String)
        let stored = try call(
            "POST", url + "/v1/players/\(id)/scores", #"{"level":1,"score":420,"milliseconds":60000}"#,
            headers: ["Authorization": "Bearer \(token)", "Idempotency-Key": "first"])
        XCTAssertEqual(stored.0, 201)
        // Half a submission: the head and 10 of its 100 body bytes, then nothing.
        let port = try XCTUnwrap(Int(url.split(separator: ":").last ?? ""))
        let stalled = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(stalled) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(stalled, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        XCTAssertEqual(connected, 0)
        let head = Array(
            ("POST /v1/players/\(id)/scores HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n"
                + "Idempotency-Key: stalled\r\nContent-Length: 100\r\n\r\n{\"level\":1,").utf8)
        XCTAssertEqual(send(stalled, head, head.count, Int32(MSG_NOSIGNAL)), head.count)
        Thread.sleep(forTimeInterval: 0.3)
        let started = Date()
        server.terminate()  // SIGTERM
        server.waitUntilExit()
        let took = Date().timeIntervalSince(started)
        XCTAssertLessThan(took, 4, "exited \(took) s after SIGTERM (grace 1 s)")
        XCTAssertEqual(server.terminationStatus, 0)

        let (again, againURL, _) = try serve(database)
        defer {
            again.terminate()
            again.waitUntilExit()
        }
        let (_, top) = try call("GET", againURL + "/v1/levels/1/top", nil)
        XCTAssertTrue(String(decoding: top, as: UTF8.self).contains(#""score":420"#), "the acknowledged score is kept")
    }
}

final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (Int, Data) = (0, Data())
    func set(_ status: Int, _ data: Data) { lock.withLock { value = (status, data) } }
    func get() -> (Int, Data) { lock.withLock { value } }
}
