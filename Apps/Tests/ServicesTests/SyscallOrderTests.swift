// What a SIGKILL cannot show: that every snapshot is fsynced before it is renamed into place, and that the folder
// is fsynced after the rename and before the save is reported committed (what a power cut needs). The test runs
// `interlude soak --synchronous` under strace and checks the order of the system calls of every save.
// Needs strace (in the Makefile's APT_PACKAGES; `make setup` installs it).

import Foundation
import InterludeTesting
import TestSupport
import Testing

@Suite("Durable writes: the system calls of every save come in a crash-safe order")
struct SyscallOrderTests {
    /// One traced system call: name, arguments as text, result.
    struct Call {
        let name: String
        let arguments: String
        let result: Int
    }

    @Test("write, fsync, rename, fsync folder, then committed: for every save")
    func durableOrder() throws {
        let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let path = try #require(strace, "strace is missing: run `make setup` (or apt-get install strace)")
        let folder = try TemporaryFolder("strace").path
        let trace = folder + ".trace"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [
            "-f", "-qq", "-o", trace, "-e", "trace=openat,write,fsync,fdatasync,rename,renameat,renameat2,close",
            BuiltProducts.interlude.path, "soak", "--synchronous", "--cycles", "3", "--data-dir", folder,
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").compactMap(Self.parse)
        let saves = try Self.check(calls, folder: folder)
        #expect(saves >= 8, "saves checked: \(saves)")
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.removeItem(atPath: trace)
    }

    /// `PID name(arguments) = result` (strace pads short calls with spaces before `=`); nil for other lines
    /// (signals, exits, unfinished calls).
    static func parse(_ line: Substring) -> Call? {
        guard let open = line.firstIndex(of: "("), let equals = line.range(of: " = ", options: .backwards) else {
            return nil
        }
        let head = line[..<equals.lowerBound]
        let trimmed = head[..<(head.lastIndex { $0 != " " }.map { head.index(after: $0) } ?? head.endIndex)]
        guard trimmed.last == ")", open < trimmed.endIndex else { return nil }
        let name = line[..<open].split(separator: " ").last.map(String.init) ?? ""
        let result = Int(line[equals.upperBound...].split(separator: " ").first ?? "") ?? -1
        let arguments = String(line[line.index(after: open)..<line.index(before: trimmed.endIndex)])
        return Call(name: name, arguments: arguments, result: result)
    }

    /// Checks every save window (from `writing` to `committed` on standard output); returns how many there were.
    static func check(_ calls: [Call], folder: String) throws -> Int {
        var paths: [Int: String] = [:]  // open descriptors
        var steps: [String] = []  // what the current save did, in order
        var saves = 0
        for call in calls {
            let descriptor = Int(call.arguments.prefix { $0 != "," }) ?? -1
            switch call.name {
            case "openat" where call.result >= 0:
                paths[call.result] = call.arguments.split(separator: "\"").dropFirst().first.map(String.init)
            case "close":
                paths[descriptor] = nil
            case "write" where descriptor == 1 && call.arguments.contains("\"writing "):
                steps = []
            case "write" where descriptor == 1 && call.arguments.contains("\"committed "):
                #expect(
                    steps.filter { $0 != "write" } == ["fsync file", "rename", "fsync folder"]
                        && steps.first == "write" && steps.last == "fsync folder",
                    "save \(saves + 1): \(steps)")
                saves += 1
            case "write" where paths[descriptor]?.hasSuffix("/snapshot.tmp") == true:
                steps.append("write")
            case "fsync", "fdatasync":
                if paths[descriptor]?.hasSuffix("/snapshot.tmp") == true { steps.append("fsync file") }
                if paths[descriptor] == folder { steps.append("fsync folder") }
            case "rename", "renameat", "renameat2":
                if call.arguments.contains("snapshot.tmp\"") && call.arguments.contains("/snapshot.txt\"") {
                    steps.append("rename")
                }
            default:
                break
            }
        }
        return saves
    }
}
