import Foundation
import OnKit
import Testing

/// A file manager subclass: handlers must get it typed as itself.
private final class NamedFileManager: FileManager, @unchecked Sendable {
    // @unchecked is sound: `name` is a constant; FileManager itself is thread-safe.
    let name = "named"
}

/// An owner whose lifetime a test controls.
private final class Screen: Sendable {}

/// Each `should…` is a read-only decision, so the whole surface works on it.
@Suite struct FileManagerSurfaceTests {
    @Test func onceVetoesTheFirstCopyOnly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("hello", to: "a.txt")
        let fileManager = FileManager()
        fileManager.on.shouldCopyItem.once { _, _ in false }

        try fileManager.copyItem(at: source, to: directory("b.txt"))
        try fileManager.copyItem(at: source, to: directory("c.txt"))

        #expect(!directory.exists("b.txt"))
        #expect(directory.exists("c.txt"))
        #expect(fileManager.on.shouldCopyItem.subscriberCount == 0)
    }

    @Test func minusEqualsRemovesAVeto() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("hello", to: "a.txt")
        let fileManager = FileManager()
        let veto = fileManager.on.shouldCopyItemAtPath += { _, _ in false }

        #expect(!(fileManager.on.shouldCopyItem -= veto))  // the URL variant's: untouched
        #expect(fileManager.on.shouldCopyItemAtPath -= veto)
        try fileManager.copyItem(at: source, to: directory("b.txt"))

        #expect(directory.exists("b.txt"))
    }

    @Test func ownerBoundVetoEndsWithItsOwner() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("hello", to: "a.txt")
        let fileManager = FileManager()
        var screen: Screen? = Screen()
        weak let weakScreen = screen
        fileManager.on.shouldCopyItem(owner: screen!) { _, _, _ in false }  // set above

        try fileManager.copyItem(at: source, to: directory("b.txt"))
        screen = nil
        try fileManager.copyItem(at: source, to: directory("c.txt"))

        #expect(weakScreen == nil)
        #expect(!directory.exists("b.txt"))
        #expect(directory.exists("c.txt"))
    }

    @Test func subclassHandlersGetTheFileManagerTypedAsTheSubclass() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("hello", to: "a.txt")
        let fileManager = NamedFileManager()
        let asked = Recorder<String>()
        fileManager.on.shouldCopyItem { fileManager, items in
            asked.append("\(fileManager.name) \(items.destination.lastPathComponent)")
            return true
        }
        fileManager.on.shouldCopyItemAtPath { fileManager, paths in
            asked.append("\(fileManager.name) path \((paths.destination as NSString).lastPathComponent)")
            return !paths.destination.hasSuffix("vetoed")
        }

        try fileManager.copyItem(at: source, to: directory("b.txt"))
        try fileManager.copyItem(atPath: source.path, toPath: directory("vetoed").path)

        #expect(asked.values == ["named b.txt", "named path b.txt", "named vetoed", "named path vetoed"])
        #expect(directory.exists("b.txt"))
        #expect(!directory.exists("vetoed"))
    }
}
