import Foundation

/// A value behind an `NSLock`: for a handler that must see its own subscription, or state a
/// test's delegate changes from several threads.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    // @unchecked is sound: `stored` is only touched while `lock` is held.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// A fresh directory under the system's temporary directory, removed when the test ends
/// (`defer { directory.remove() }`).
struct TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager().temporaryDirectory.appendingPathComponent("onkit-\(UUID().uuidString)")
        try FileManager().createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The URL of `name` inside the directory.
    func callAsFunction(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Writes `contents` to `name` (creating intermediate directories) and returns its URL.
    @discardableResult
    func write(_ contents: String, to name: String) throws -> URL {
        let file = self(name)
        try FileManager().createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file)
        return file
    }

    /// Whether `name` exists inside the directory.
    func exists(_ name: String) -> Bool {
        FileManager().fileExists(atPath: self(name).path)
    }

    /// The text of `name`.
    func read(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: self(name)), as: UTF8.self)
    }

    func remove() {
        try? FileManager().removeItem(at: url)
    }
}
