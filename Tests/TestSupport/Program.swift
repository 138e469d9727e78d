// TestSupport: what the package's test targets share for running programs: the executables this build made
// (`interlude`, `interlude-bench`), found beside the running test bundle, and `Program.run`, which runs a program to
// its end with a deadline, reading its standard output and error while it runs (so a full pipe never blocks it)
// and killing it if the deadline passes. Used by test targets only; imports Foundation only.

import Foundation

/// What a program printed, and how it ended.
public struct ProgramResult: Sendable {
    /// Its exit status (the signal's number if a signal ended it).
    public let status: Int32
    /// Its standard output.
    public let output: Data
    /// Its standard error.
    public let errors: Data

    /// Its standard output as text.
    public var outputText: String { String(decoding: output, as: UTF8.self) }
    /// Its standard error as text.
    public var errorText: String { String(decoding: errors, as: UTF8.self) }
}

/// A program that did not end in time.
public struct ProgramDeadlinePassed: Error, CustomStringConvertible {
    /// The command line, as typed.
    public let command: String
    /// The deadline it had, in seconds.
    public let seconds: Double

    public var description: String { "\(command) did not end within \(seconds) s (killed)" }
}

/// Runs programs as a user would, each wait bounded.
public enum Program {
    /// Runs `executable` with `arguments` (in `directory`, with `environment` if given: else this process's) until
    /// it ends; returns its status and output. Past `seconds` it is killed (SIGKILL) and `ProgramDeadlinePassed` is
    /// thrown.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
        deadline seconds: Double = 600
    ) throws -> ProgramResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let done = DispatchGroup()
        let outputData = Collected()
        let errorData = Collected()
        done.enter()
        process.terminationHandler = { _ in done.leave() }
        try process.run()
        for (pipe, collected) in [(output, outputData), (errors, errorData)] {
            done.enter()
            DispatchQueue.global().async {
                collected.set(pipe.fileHandleForReading.readDataToEndOfFile())
                done.leave()
            }
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            _ = done.wait(timeout: .now() + 5)
            let command = ([executable.path] + arguments).joined(separator: " ")
            throw ProgramDeadlinePassed(command: command, seconds: seconds)
        }
        return ProgramResult(status: process.terminationStatus, output: outputData.data, errors: errorData.data)
    }
}

/// Bytes one reader thread hands to the waiting one.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()

    var data: Data { lock.withLock { bytes } }

    func set(_ data: Data) { lock.withLock { bytes = data } }
}
