// GameSnapshot+Bytes: the snapshot text built and read as bytes. The app saves at every willResignActive (budget:
// 1 ms for all its work), so encoding builds each key in one byte buffer (no String per key), sorts the keys by
// their bytes (ASCII order, as String's `<` sorts them), and formats the integers itself; decoding parses the
// integers from the bytes. The same bytes as the plain-String way (tests compare both).

extension GameSnapshot {
    /// The `key=value` lines, sorted by key, each ending in a newline; extras win over a gameplay key of the same name.
    func valueLines() -> [UInt8] {
        var keys = KeyBuffer()
        forEachValue { group, index, name, value in keys.add(group, index, name, value) }
        return keys.sortedLines()
    }
}

/// Keys laid end to end in one buffer, each with its value, in the order they were added.
struct KeyBuffer {
    private var bytes: [UInt8] = []
    private var entries: [(start: Int, end: Int, value: Int64)] = []

    init() {
        bytes.reserveCapacity(8192)
        entries.reserveCapacity(512)
    }

    /// Adds `group.index.name`, `group.name` (index < 0) or `name` (empty group).
    mutating func add(_ group: String, _ index: Int, _ name: String, _ value: Int64) {
        let start = bytes.count
        if !group.isEmpty {
            bytes.append(contentsOf: group.utf8)
            bytes.append(UInt8(ascii: "."))
            if index >= 0 {
                bytes.appendDecimal(Int64(index))
                bytes.append(UInt8(ascii: "."))
            }
        }
        bytes.append(contentsOf: name.utf8)
        entries.append((start, bytes.count, value))
    }

    /// `key=value\n` for every key, sorted by key bytes; of equal keys, the one added last.
    func sortedLines() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + entries.count * 24)
        bytes.withUnsafeBufferPointer { keys in
            func key(_ entry: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: keys[entries[entry].start..<entries[entry].end])
            }
            // Ties (the same key twice) keep the order they were added in, so the last is the one kept.
            let order = entries.indices.sorted { left, right in
                let order = compare(key(left), key(right))
                return order != 0 ? order < 0 : left < right
            }
            for (position, entry) in order.enumerated() {
                if position + 1 < order.count, compare(key(entry), key(order[position + 1])) == 0 { continue }
                output.append(contentsOf: key(entry))
                output.append(UInt8(ascii: "="))
                output.appendDecimal(entries[entry].value)
                output.append(UInt8(ascii: "\n"))
            }
        }
        return output
    }

    /// Byte order: negative, zero or positive, as `left` sorts before, with or after `right`.
    private func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        for index in 0..<min(left.count, right.count) where left[index] != right[index] {
            return left[index] < right[index] ? -1 : 1
        }
        return left.count - right.count
    }
}

extension [UInt8] {
    /// Appends `value` in decimal, with a minus sign when negative (as `String(value)` writes it).
    mutating func appendDecimal(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var position = count
        repeat {
            position -= 1
            self[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }
}
