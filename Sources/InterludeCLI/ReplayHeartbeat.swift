import Foundation
import Runtime

/// Where a replay child is, kept in a small file that the child maps into memory and updates without a system call
/// (`Runtime.willDo`, tens of thousands of times a script), and that the parent reads when its watchdog fires:
/// "hung in frame 812 during draw (present)". Layout: the fixed step (Int64) at 0, the script's line being replayed
/// (Int64, 0 before the first) at 8, the label's length at 16, a game library's call in progress: its text's length
/// at 24 (0: none), the label's UTF-8 bytes from 32, the call's from 144.
final class ReplayHeartbeat {
    static let size = 256
    private static let labelOffset = 32
    private static let callOffset = 144
    private static let labelCapacity = callOffset - labelOffset
    private static let callCapacity = size - callOffset
    private let base: UnsafeMutableRawPointer

    /// Creates (or truncates) `path` at `size` bytes and maps it shared.
    init(path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ReplayInputError.other("\(path): cannot create: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(Self.size)) == 0,
            let mapped = mmap(nil, Self.size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
            mapped != MAP_FAILED
        else { throw ReplayInputError.other("\(path): cannot map: \(String(cString: strerror(errno)))") }
        base = mapped
        base.initializeMemory(as: UInt8.self, repeating: 0, count: Self.size)
        set(label: "launch")
    }

    deinit { munmap(base, Self.size) }

    /// Records `activity`: a new step keeps its number; work and display calls name what the step is doing.
    func note(_ activity: RuntimeActivity) {
        switch activity {
        case .step(let step):
            base.storeBytes(of: step, as: Int64.self)
            set(label: "simulation")
        case .work(let work):
            set(label: "work " + work.rawValue)
        case .display(let entry):
            set(label: entry == "present" ? "draw (present)" : "display " + entry)
        }
    }

    /// Records a label of the host's own ("parse", "end").
    func set(label: String) {
        base.storeBytes(
            of: Int64(write(label.utf8, at: Self.labelOffset, capacity: Self.labelCapacity)),
            toByteOffset: 16, as: Int64.self)
    }

    /// Records the script line about to run (`ScriptRunner`'s `lineWillRun`).
    func note(line: Int) {
        base.storeBytes(of: Int64(line), toByteOffset: 8, as: Int64.self)
    }

    /// Records a game library's call in progress, or its end (nil): ForeignCrashReport's observer, at every call,
    /// so the bytes are copied as they are (no string is built); `read` adds it to the label: "work loadSnapshot,
    /// in interlude_restore (liblander.so)".
    func note(call: (library: String, function: StaticString)?) {
        var count = 0
        if let call {
            let function = UnsafeBufferPointer(start: call.function.utf8Start, count: call.function.utf8CodeUnitCount)
            count = write(function, at: Self.callOffset, capacity: Self.callCapacity)
            count += write(" (".utf8, at: Self.callOffset + count, capacity: Self.callCapacity - count)
            count += write(call.library.utf8, at: Self.callOffset + count, capacity: Self.callCapacity - count)
            count += write(")".utf8, at: Self.callOffset + count, capacity: Self.callCapacity - count)
        }
        base.storeBytes(of: Int64(count), toByteOffset: 24, as: Int64.self)
    }

    /// Copies at most `capacity` of `bytes` to `offset`; returns how many.
    private func write<Bytes: Sequence<UInt8>>(_ bytes: Bytes, at offset: Int, capacity: Int) -> Int {
        var count = 0
        for byte in bytes {
            guard count < capacity else { break }
            base.storeBytes(of: byte, toByteOffset: offset + count, as: UInt8.self)
            count += 1
        }
        return count
    }

    /// The step, script line (0: none yet) and label last recorded in `path`, or nil if it cannot be read.
    static func read(_ path: String) -> (step: Int64, line: Int, label: String)? {
        guard let data = FileManager.default.contents(atPath: path), data.count >= size else { return nil }
        return data.withUnsafeBytes { bytes in
            let step = bytes.loadUnaligned(as: Int64.self)
            let line = Int(bytes.loadUnaligned(fromByteOffset: 8, as: Int64.self))
            let count = Int(bytes.loadUnaligned(fromByteOffset: 16, as: Int64.self))
            let callCount = Int(bytes.loadUnaligned(fromByteOffset: 24, as: Int64.self))
            guard (0...labelCapacity).contains(count), (0...callCapacity).contains(callCount) else { return nil }
            let label = String(decoding: bytes[labelOffset..<(labelOffset + count)], as: UTF8.self)
            guard callCount > 0 else { return (step, line, label) }
            let call = String(decoding: bytes[callOffset..<(callOffset + callCount)], as: UTF8.self)
            return (step, line, label + ", in " + call)
        }
    }
}
