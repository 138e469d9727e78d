// TimeText: times and durations as scripts spell them (`1.5s`, `500ms`), converted exactly to nanoseconds.
// No floating point anywhere: the integer and fractional digits are read separately.

import Lifecycle

/// Reads and writes `<digits>[.<digits>](ms|s)`.
public enum TimeText {
    /// Why a time did not read.
    enum Failure: Error, Hashable {
        case badUnit(String)  // the text after the number: empty, or not `ms`/`s`
        case badNumber  // the number part is not `digits[.digits]`
        case tooPrecise  // non-zero digits finer than a nanosecond
        case tooLarge  // does not fit in Int64 nanoseconds
    }

    static let nanosecondsPerSecond: Int64 = 1_000_000_000
    static let nanosecondsPerMillisecond: Int64 = 1_000_000

    /// `text` (no sign) as nanoseconds.
    static func nanoseconds(_ text: Substring) -> Result<Nanoseconds, Failure> {
        let numberEnd = text.firstIndex { !(("0"..."9").contains($0) || $0 == ".") } ?? text.endIndex
        let number = text[..<numberEnd]
        let unit = text[numberEnd...]
        guard !number.isEmpty else { return .failure(.badNumber) }
        let scale: Int64
        let fractionDigits: Int
        switch unit {
        case "s": (scale, fractionDigits) = (nanosecondsPerSecond, 9)
        case "ms": (scale, fractionDigits) = (nanosecondsPerMillisecond, 6)
        default: return .failure(.badUnit(String(unit)))
        }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty }) else { return .failure(.badNumber) }
        guard let whole = Int64(parts[0]) else { return .failure(.tooLarge) }
        var fraction: Int64 = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard digits.dropFirst(fractionDigits).allSatisfy({ $0 == "0" }) else { return .failure(.tooPrecise) }
            let kept = String(digits.prefix(fractionDigits))
            fraction = Int64(kept + String(repeating: "0", count: fractionDigits - kept.count))!
        }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: scale)
        let (total, overflowAgain) = scaled.addingReportingOverflow(fraction)
        return overflow || overflowAgain ? .failure(.tooLarge) : .success(total)
    }

    /// The canonical spelling: whole seconds as `2s`, else milliseconds, with a fraction only when needed
    /// (`1500ms`, `0.25ms`). Exact for every value.
    public static func format(_ nanoseconds: Nanoseconds) -> String {
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let perSecond = UInt64(nanosecondsPerSecond)
        let perMillisecond = UInt64(nanosecondsPerMillisecond)
        if magnitude % perSecond == 0 { return "\(sign)\(magnitude / perSecond)s" }
        let fraction = magnitude % perMillisecond
        guard fraction != 0 else { return "\(sign)\(magnitude / perMillisecond)ms" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(magnitude / perMillisecond).\(digits)ms"
    }
}
