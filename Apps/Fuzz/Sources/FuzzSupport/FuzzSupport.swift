// FuzzSupport: the bridge between a harness and libFuzzer (linked by -sanitize=fuzzer). SwiftPM gives an executable
// its own entry point (`main` is defined as the target's main), so libFuzzer's `main` never runs: the harness's
// main.swift calls `fuzz { bytes in ... }`, which hands libFuzzer's command line to `LLVMFuzzerRunDriver`.
// A property that does not hold is a `fuzzCheck` failure: a trap, which libFuzzer reports and saves as a crash.

#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer's driver (compiler-rt's FuzzerInterface.h): parses libFuzzer's flags and runs `body` on each input.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The harness's body: set once, before the driver starts, and only read afterwards (libFuzzer runs one input at a
/// time, on the thread that called it).
nonisolated(unsafe) private var harness: ([UInt8]) -> Void = { _ in }

/// The entry point libFuzzer's driver calls for each input (the name it links against).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    harness(size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// Runs libFuzzer with this process's arguments (e.g. `CORPUS -max_total_time=60`, or files to replay once) on
/// `body`, and exits with its status.
public func fuzz(_ body: @escaping ([UInt8]) -> Void) -> Never {
    harness = body
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(runDriver(&argc, &argv, fuzzOneInput))
}

/// A property of the harness: when it does not hold, the input is a finding (a trap with `message`).
public func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file,
    line: UInt = #line
) {
    if !condition() { fatalError("property failed: " + message(), file: file, line: line) }
}

/// The repository's root folder (found from this file's place), for harnesses that need the bundled Assets.
public let repositoryRoot: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(5)  // Apps/Fuzz/Sources/FuzzSupport/FuzzSupport.swift
    return parts.joined(separator: "/")
}()

/// The bytes of a file under the repository root.
public func repositoryFile(_ relative: String) -> [UInt8] {
    guard let file = fopen(repositoryRoot + "/" + relative, "rb") else { fatalError("cannot open \(relative)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    return bytes
}

/// Writes `bytes` to `folder/name` (for harnesses that make their own seeds).
public func writeFile(_ folder: String, _ name: String, _ bytes: [UInt8]) {
    guard let file = fopen(folder + "/" + name, "wb") else { fatalError("cannot write \(folder)/\(name)") }
    _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
}
