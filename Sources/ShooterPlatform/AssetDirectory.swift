// AssetDirectory: finds Assets/ (shaders, scripts, levels) for the hosts, which read files; the cores never do.

import Foundation
import Storage

/// The folder holding `Shaders/`, `Interruptions/` and `Levels/`.
public struct AssetDirectory: Sendable {
    public let path: String

    /// Uses `override` if given (and only it: a wrong `--assets` is an error, not a fall back to other assets), else
    /// `$INTERLUDE_ASSETS`, else `./Assets`, else the checkout this binary was built from (found through this file's
    /// path), so commands work from any folder of a development build.
    public static func locate(_ override: String? = nil) throws -> AssetDirectory {
        let fileManager = FileManager.default
        var candidates: [String] = []
        if let override {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: override + "/Shaders", isDirectory: &isDirectory),
                isDirectory.boolValue
            else { throw AssetError.notFound(tried: [override]) }
            return AssetDirectory(path: URL(fileURLWithPath: override).standardizedFileURL.path)
        }
        if let variable = ProcessInfo.processInfo.environment["INTERLUDE_ASSETS"] { candidates.append(variable) }
        candidates.append(fileManager.currentDirectoryPath + "/Assets")
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(checkout.appendingPathComponent("Assets").path)
        for candidate in candidates {
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate + "/Shaders", isDirectory: &isDirectory), isDirectory.boolValue
            {
                return AssetDirectory(path: URL(fileURLWithPath: candidate).standardizedFileURL.path)
            }
        }
        throw AssetError.notFound(tried: candidates)
    }

    public init(path: String) { self.path = path }

    /// The full path of `relative` inside the assets folder.
    public func path(_ relative: String) -> String { path + "/" + relative }

    /// The UTF-8 text of `relative`.
    public func text(_ relative: String) throws -> String {
        let full = path(relative)
        // Regular files only, at most 8 MiB: an asset named by a user's --assets may be a FIFO or a device.
        guard let bytes = try? DurableFile.read(full, limit: 8 << 20), bytes.count < 8 << 20 else {
            throw AssetError.unreadable(full)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw AssetError.notUTF8(full) }
        return text
    }

    /// The files in `relativeFolder` ending with `suffix`, sorted by name, as full paths.
    public func files(in relativeFolder: String, suffix: String) throws -> [String] {
        let folder = path(relativeFolder)
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(suffix) }.sorted()
            .map { folder + "/" + $0 }
    }
}

/// Why assets could not be read.
public enum AssetError: Error, CustomStringConvertible {
    case notFound(tried: [String])
    case unreadable(String)
    case notUTF8(String)

    public var description: String {
        switch self {
        case .notFound(let tried):
            return "cannot find the Assets folder (with Shaders/ inside); tried: \(tried.joined(separator: ", "))."
                + " Pass --assets DIR or set INTERLUDE_ASSETS."
        case .unreadable(let path): return "\(path): cannot read the file"
        case .notUTF8(let path): return "\(path): not UTF-8 text"
        }
    }
}
