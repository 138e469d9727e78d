import GRDB
import XCTest

@testable import LeaderboardServer

/// The committing thread's statements run through SQLite's C API: values bound in order, rows read, errors as GRDB
/// throws them, and the statement reusable after an error.
final class RawStatementTests: XCTestCase {
    func testBindsRunsReadsAndReportsErrorsLikeGRDB() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, size REAL, n INTEGER CHECK (n > 0))")
            let insert = try RawStatement(db, "INSERT INTO t (name, size, n) VALUES (?, ?, ?)")
            let find = try RawStatement(db, "SELECT n, size FROM t WHERE name = ?")

            try insert.run(db, "ann", 1.5, Int64(7))
            XCTAssertEqual(db.lastInsertedRowID, 1)
            let row = try find.run(db, "ann") { (n: $0.int64(0), size: $0.double(1)) }
            XCTAssertEqual(row?.n, 7)
            XCTAssertEqual(row?.size, 1.5)
            XCTAssertNil(try find.run(db, "bob") { $0.int64(0) })

            // A refused row: GRDB's error, with SQLite's extended code and message and the statement's SQL.
            XCTAssertThrowsError(try insert.run(db, "bob", 2.0, Int64(-1))) { error in
                let error = error as? DatabaseError
                XCTAssertEqual(error?.extendedResultCode, .SQLITE_CONSTRAINT_CHECK)
                XCTAssertTrue(
                    error?.message?.contains("CHECK constraint failed") ?? false, "\(String(describing: error))")
                XCTAssertEqual(error?.sql, "INSERT INTO t (name, size, n) VALUES (?, ?, ?)")
            }
            // Reset after the error: the same statement runs again.
            try insert.run(db, "bob", 2.0, Int64(3))
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 2)
            XCTAssertEqual(try find.run(db, "bob") { $0.int64(0) }, 3)
            // A multibyte text survives the binding.
            try insert.run(db, "Zoë 🎯", 0.25, Int64(1))
            XCTAssertEqual(try find.run(db, "Zoë 🎯") { $0.double(1) }, 0.25)
            // Every byte is bound, a NUL included: two texts that differ after it stay two; "" is "", not NULL.
            try insert.run(db, "k\u{0}1", 3.0, Int64(1))
            try insert.run(db, "k\u{0}2", 4.0, Int64(1))
            XCTAssertEqual(try find.run(db, "k\u{0}2") { $0.double(1) }, 4.0)
            XCTAssertNil(try find.run(db, "k") { $0.double(1) })
            try insert.run(db, "", 5.0, Int64(1))
            XCTAssertEqual(try find.run(db, "") { $0.double(1) }, 5.0)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t WHERE name = ''"), 1)
        }
    }
}
