import Foundation
import LeaderboardServer
import XCTest

/// The HTTP API against the real server on loopback: registration, idempotent submission, top, rank.
final class ServerAPITests: ServerTestCase {

    func testRegisterGivesAnIdAndASecretToken() throws {
        let (first, token) = try http.register("Ada")
        let (second, other) = try http.register("Bob")
        XCTAssertGreaterThan(first, 0)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(token.count, 64)
        XCTAssertNotEqual(token, other)
    }

    func testNamesAreUniqueIgnoringCase() throws {
        _ = try http.register("Ada")
        for taken in ["Ada", "ada", "ADA", " Ada "] {
            let again = try http.post("/v1/players", #"{"name":"\#(taken)"}"#)
            XCTAssertEqual(again.status, 409, taken)
            XCTAssertEqual(again.errorCode, "nameTaken", taken)
        }
        XCTAssertEqual(try http.post("/v1/players", #"{"name":"Ada Lovelace"}"#).status, 201)
        XCTAssertEqual(try server.store.playerNames(), ["Ada", "Ada Lovelace"])
    }

    func testARetriedSubmissionIsStoredOnce() throws {
        let (player, token) = try http.register("Ada")
        let first = try http.submit(player: player, token: token, key: "k1", score: 120)
        XCTAssertEqual(first.status, 201, first.text)
        let retry = try http.submit(player: player, token: token, key: "k1", score: 120)
        XCTAssertEqual(retry.status, 200, retry.text)
        XCTAssertEqual(retry.json["duplicate"] as? Bool, true)
        let reused = try http.submit(player: player, token: token, key: "k1", score: 999)
        XCTAssertEqual(reused.status, 409)
        XCTAssertEqual(reused.errorCode, "keyReused")
        XCTAssertEqual(try server.store.allScores().map(\.score), [120])
    }

    /// The audit reads its players' rows only, as the whole table would give them (both engines: this suite runs
    /// again against PostgreSQL), and finds a score row no key holds.
    func testTheAuditReadsItsPlayersRowsOnly() throws {
        let (ada, adaToken) = try http.register("Ada")
        let (bob, bobToken) = try http.register("Bob")
        _ = try http.submit(player: ada, token: adaToken, key: "11", score: 50)
        _ = try http.submit(player: bob, token: bobToken, key: "21", score: 70)
        _ = try http.submit(player: ada, token: adaToken, key: "12", level: 2, score: 300)
        let all = try server.store.allScores()
        for players: Set<Int64> in [[ada], [bob], [ada, bob], [], [ada, 999_999]] {
            let read = try server.store.scores(of: players)
            XCTAssertEqual(
                read.map { "\($0.player) \($0.key) \($0.level) \($0.score)" },
                all.filter { players.contains($0.player) }.map { "\($0.player) \($0.key) \($0.level) \($0.score)" },
                "\(players)")
        }
        XCTAssertNil(try server.store.audit(players: [ada, bob], acknowledged: ["11", "12", "21"]))
        let lost = try server.store.audit(players: [ada], acknowledged: ["11", "13"])
        XCTAssertTrue(lost?.contains("acknowledged key 13 but does not hold it") == true, lost ?? "nil")
    }

    func testTopListsTheBestScoreOfEachPlayerBestFirst() throws {
        let (ada, adaToken) = try http.register("Ada")
        let (bob, bobToken) = try http.register("Bob")
        _ = try http.submit(player: ada, token: adaToken, key: "a1", score: 50)
        _ = try http.submit(player: ada, token: adaToken, key: "a2", score: 300)
        _ = try http.submit(player: bob, token: bobToken, key: "b1", score: 200)
        _ = try http.submit(player: bob, token: bobToken, key: "b2", level: 2, score: 900)
        let top = try http.get("/v1/levels/1/top?limit=5")
        XCTAssertEqual(top.status, 200)
        let entries = top.json["entries"] as? [[String: Any]] ?? []
        XCTAssertEqual(entries.map { $0["name"] as? String }, ["Ada", "Bob"])
        XCTAssertEqual(entries.map { ($0["score"] as? NSNumber)?.intValue }, [300, 200])
        XCTAssertEqual(entries.map { ($0["rank"] as? NSNumber)?.intValue }, [1, 2])
        let rank = try http.get("/v1/levels/1/players/\(bob)/rank")
        XCTAssertEqual((rank.json["rank"] as? NSNumber)?.intValue, 2)
        XCTAssertEqual((rank.json["score"] as? NSNumber)?.intValue, 200)
        XCTAssertEqual(try http.get("/v1/levels/2/players/\(ada)/rank").status, 404)
        // Ada's earlier best (50) no longer counts: Cy, at 40, is third of three.
        let (cy, cyToken) = try http.register("Cy")
        _ = try http.submit(player: cy, token: cyToken, key: "c1", score: 40)
        XCTAssertEqual((try http.get("/v1/levels/1/players/\(cy)/rank").json["rank"] as? NSNumber)?.intValue, 3)
        XCTAssertEqual(try http.get("/v1/levels/1/top?limit=0").status, 400)
        XCTAssertEqual(try http.get("/v1/levels/1000/top").status, 400)
        XCTAssertEqual(try http.get("/v1/levels/4/top").errorCode, "unknownLevel", "the game has 3 levels")
        XCTAssertEqual(try http.get("/v1/levels/4/top").status, 404)
    }

    func testFaultsAnswer503_500AndGarbage() throws {
        server.faults.fault = .unavailable
        XCTAssertEqual(try http.get("/health").status, 503)
        server.faults.fault = .internalError
        XCTAssertEqual(try http.get("/health").status, 500)
        server.faults.fault = .garbage
        let garbage = try http.get("/v1/levels/1/top")
        XCTAssertEqual(garbage.status, 200)
        XCTAssertNil(try? JSONSerialization.jsonObject(with: garbage.body))
        server.faults.fault = .none
        XCTAssertEqual(try http.get("/health").status, 200)
    }

    func testGracefulShutdownFinishesAWriteInFlight() throws {
        let (player, token) = try http.register("Ada")
        server.faults.delay = .milliseconds(500)
        let status = Locked<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        let http = self.http!
        let before = ServerConnections(port: server.port)
        Thread.detachNewThread {
            status.value = try? http.submit(player: player, token: token, key: "late", score: 70).status
            done.signal()
        }
        // In flight means read by the server (it then waits 500 ms before answering): a connection it has not read
        // from yet is idle, and a graceful shutdown rightly closes it.
        waitUntil("the server to read the submission from its socket") {
            ServerConnections(port: server.port).hasReadMore(than: before)
        }
        server.stop()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(status.value, 201, "the request in flight at shutdown was answered")
        XCTAssertEqual(try server.store.allScores().map(\.score), [70], "and its write is in the database")
    }
}

/// The server's side of its TCP connections on `port`, as the kernel sees them. The server runs in this process,
/// so its accepted sockets are among this process's file descriptors: for each, how many bytes the server has read
/// from it (received by the kernel, less what still waits to be read).
struct ServerConnections {
    /// Bytes read so far, by (descriptor, client port).
    let bytesRead: [Int: UInt64]

    init(port: Int) {
        var bytesRead: [Int: UInt64] = [:]
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in descriptors.compactMap({ Int32($0) }) {
            guard Self.port(fd, peer: false) == port, let client = Self.port(fd, peer: true),
                let received = Self.bytesReceived(fd)
            else { continue }
            var byte: UInt8 = 0
            let unread = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
            bytesRead[Int(fd) << 16 | client] = unread ? 0 : received
        }
        self.bytesRead = bytesRead
    }

    /// True when the server has read more from some connection than it had at `earlier`, and nothing waits unread.
    func hasReadMore(than earlier: ServerConnections) -> Bool {
        bytesRead.contains { key, read in read > earlier.bytesRead[key, default: 0] }
    }

    /// The local (or, with `peer`, remote) TCP port of socket `fd`; nil for anything else.
    private static func port(_ fd: Int32, peer: Bool) -> Int? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                peer ? getpeername(fd, $0, &length) : getsockname(fd, $0, &length)
            }
        }
        guard result == 0, address.sin_family == sa_family_t(AF_INET) else { return nil }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// `tcpi_bytes_received` of Linux's `struct tcp_info` (offset 128, Linux 4.1 and later; glibc's declaration
    /// stops before it).
    private static func bytesReceived(_ fd: Int32) -> UInt64? {
        var buffer = [UInt8](repeating: 0, count: 256)
        var length = socklen_t(buffer.count)
        guard getsockopt(fd, Int32(IPPROTO_TCP), TCP_INFO, &buffer, &length) == 0, length >= 136 else { return nil }
        return buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 128, as: UInt64.self) }
    }
}
