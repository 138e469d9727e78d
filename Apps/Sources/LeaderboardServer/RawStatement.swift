// RawStatement: a statement from GRDB's statement cache run through SQLite's C API, for the few one-row statements
// the committing thread runs for every submission. GRDB's `execute(arguments:)` and `Row.fetchOne` build an array of
// `DatabaseValue`s, a cursor and a row for each run, which cost more than SQLite's own work on these statements
// (perf on the committing thread: about a quarter of its time). Here the values are bound from a parameter pack, the
// statement stepped, and reset before it is given back; an SQLite error becomes GRDB's `DatabaseError`, as GRDB
// would throw it. Used only inside a GRDB write transaction on the database `db` the statement belongs to.

import GRDB
import GRDBSQLite

/// A value SQLite binds as it is: an integer, a real or a text.
protocol RawBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

extension Int64: RawBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, self) }
}

extension Double: RawBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_double(statement, index, self) }
}

extension String: RawBindable {
    /// All its UTF-8 bytes, a NUL among them included (as GRDB binds it: a C string would end at the NUL, and two
    /// keys differing after it would be one); past 2 GB, SQLite refuses it (SQLITE_TOOBIG). SQLITE_TRANSIENT: SQLite
    /// copies the text before this call returns.
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        let transient = unsafeBitCast(Int(-1), to: sqlite3_destructor_type.self)
        var text = self
        return text.withUTF8 { bytes in
            // An empty buffer may have no address, and a null pointer would bind NULL, not "".
            guard let start = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text(statement, index, "", 0, transient)
            }
            return sqlite3_bind_text(
                statement, index, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
                Int32(clamping: bytes.count),
                transient)
        }
    }
}

/// The current row of a stepped statement.
struct RawRow {
    fileprivate let statement: OpaquePointer

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
}

struct RawStatement {
    private let statement: Statement

    /// `sql` compiled once per connection (GRDB's statement cache).
    init(_ db: Database, _ sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
    }

    /// Binds `values` to the statement's parameters, in order, and runs it to its end.
    func run<each Value: RawBindable>(_ db: Database, _ values: repeat each Value) throws {
        let handle = try bound(db, repeat each values)
        defer { sqlite3_reset(handle) }
        var code = sqlite3_step(handle)
        while code == SQLITE_ROW { code = sqlite3_step(handle) }
        guard code == SQLITE_DONE else { throw error(db, code) }
    }

    /// Binds `values` and reads the first row with `read`; nil when there is none.
    func run<each Value: RawBindable, Result>(
        _ db: Database, _ values: repeat each Value, row read: (RawRow) -> Result
    ) throws -> Result? {
        let handle = try bound(db, repeat each values)
        defer { sqlite3_reset(handle) }
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return read(RawRow(statement: handle))
        case SQLITE_DONE: return nil
        default: throw error(db, code)
        }
    }

    private func bound<each Value: RawBindable>(_ db: Database, _ values: repeat each Value) throws -> OpaquePointer {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        var index: Int32 = 0
        for value in repeat each values {
            index += 1
            let code = value.bind(to: handle, at: index)
            guard code == SQLITE_OK else { throw error(db, code) }
        }
        precondition(index == sqlite3_bind_parameter_count(handle), "\(index) values for \(statement.sql)")
        return handle
    }

    private func error(_ db: Database, _ code: Int32) -> DatabaseError {
        let connection = db.sqliteConnection
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: extended), message: message, sql: statement.sql)
    }
}
