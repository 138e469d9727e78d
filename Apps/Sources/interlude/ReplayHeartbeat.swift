import Foundation
import Runtime

/// Where a replay child is, kept in a small file that the child maps into memory and updates without a system call
/// (`Runtime.willDo`, tens of thousands of times a script), and that the parent reads when its watchdog fires:
/// "hung in frame 812 during draw (present)". Layout: the fixed step (Int64) at 0, the script's line being replayed
/// (Int64, 0 before the first) at 8, the label's length at 16, the label's UTF-8 bytes from 24.
final class ReplayHeartbeat {
    static let size = 256
    private static let labelOffset = 24
    private static let labelCapacity = size - labelOffset
    private let base: UnsafeMutableRawPointer
    private var activity = "launch"  // the label `note` or `set` gave last, which a library call is added to

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
        activity = label
        write(label)
    }

    /// Records the script line about to run (`ScriptRunner`'s `lineWillRun`).
    func note(line: Int) {
        base.storeBytes(of: Int64(line), toByteOffset: 8, as: Int64.self)
    }

    /// Records a call into a game library (ForeignCrashReport's observer): "work loadSnapshot, in
    /// interlude_restore (liblander.so)".
    func noteCall(_ function: StaticString, in library: String) {
        write("\(activity), in \(function) (\(library))")
    }

    private func write(_ label: String) {
        var count = 0
        for byte in label.utf8.prefix(Self.labelCapacity) {
            base.storeBytes(of: byte, toByteOffset: Self.labelOffset + count, as: UInt8.self)
            count += 1
        }
        base.storeBytes(of: Int64(count), toByteOffset: 16, as: Int64.self)
    }

    /// The step, script line (0: none yet) and label last recorded in `path`, or nil if it cannot be read.
    static func read(_ path: String) -> (step: Int64, line: Int, label: String)? {
        guard let data = FileManager.default.contents(atPath: path), data.count >= size else { return nil }
        return data.withUnsafeBytes { bytes in
            let step = bytes.loadUnaligned(as: Int64.self)
            let line = Int(bytes.loadUnaligned(fromByteOffset: 8, as: Int64.self))
            let count = Int(bytes.loadUnaligned(fromByteOffset: 16, as: Int64.self))
            guard (0...labelCapacity).contains(count) else { return nil }
            return (step, line, String(decoding: bytes[labelOffset..<(labelOffset + count)], as: UTF8.self))
        }
    }
}
