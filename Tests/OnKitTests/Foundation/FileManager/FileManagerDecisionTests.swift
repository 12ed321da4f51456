import Foundation
import OnKit
import Testing

/// Real file operations in a temporary directory, decided by `on.should…` handlers.
@Suite struct FileManagerDecisionTests {
    private static let fileExists = CocoaError.Code.fileWriteFileExists.rawValue

    @Test func vetoedCopyDoesNotHappenAndDoesNotThrow() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("hello", to: "a.txt")
        let fileManager = FileManager()
        let asked = Recorder<String>()
        fileManager.on.shouldCopyItem { _, items in
            asked.append("\(items.source.lastPathComponent) -> \(items.destination.lastPathComponent)")
            return false
        }

        try fileManager.copyItem(at: source, to: directory("b.txt"))

        #expect(!directory.exists("b.txt"))
        #expect(asked.values == ["a.txt -> b.txt"])
    }

    @Test func allowedCopyHappensAfterEveryHandlerAgreed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("hello", to: "a.txt")
        let fileManager = FileManager()
        let asked = Recorder<String>()
        fileManager.on.shouldCopyItem { _, _ in
            asked.append("first")
            return true
        }
        fileManager.on.shouldCopyItem { _, _ in
            asked.append("second")
            return true
        }

        try fileManager.copyItem(at: source, to: directory("b.txt"))

        #expect(try directory.read("b.txt") == "hello")
        #expect(asked.values == ["first", "second"])
    }

    @Test func firstVetoStopsAskingLaterHandlers() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("hello", to: "a.txt")
        let fileManager = FileManager()
        let later = Counter()
        fileManager.on.shouldCopyItem { _, _ in false }
        fileManager.on.shouldCopyItem { _, _ in
            later.increment()
            return true
        }

        try fileManager.copyItem(atPath: directory("a.txt").path, toPath: directory("b.txt").path)

        #expect(!directory.exists("b.txt"))
        #expect(later.value == 0)
    }

    @Test func removedHandlerNoLongerVetoes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("hello", to: "a.txt")
        let fileManager = FileManager()
        let veto = fileManager.on.shouldCopyItem { _, _ in false }

        #expect(veto.cancel())
        try fileManager.copyItem(at: source, to: directory("b.txt"))

        #expect(directory.exists("b.txt"))
    }

    @Test func pathHandlersDecideForPathAndURLOperations() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("hello", to: "a.txt")
        let fileManager = FileManager()
        let asked = Recorder<String>()
        fileManager.on.shouldCopyItemAtPath { _, paths in
            asked.append("\(paths.source) -> \(paths.destination)")
            return false
        }

        try fileManager.copyItem(atPath: source.path, toPath: directory("b.txt").path)
        try fileManager.copyItem(at: source, to: directory("c.txt"))

        #expect(!directory.exists("b.txt"))
        #expect(!directory.exists("c.txt"))
        #expect(asked.values == [
            "\(source.path) -> \(directory("b.txt").path)",
            "\(source.path) -> \(directory("c.txt").path)",
        ])
    }

    @Test func vetoInsideADirectoryCopySkipsOnlyThatItem() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("1", to: "tree/keep.txt")
        try directory.write("2", to: "tree/secret.key")
        try directory.write("3", to: "tree/sub/also.txt")
        let fileManager = FileManager()
        fileManager.on.shouldCopyItem { _, items in items.source.pathExtension != "key" }

        try fileManager.copyItem(at: directory("tree"), to: directory("copy"))

        #expect(directory.exists("copy/keep.txt"))
        #expect(directory.exists("copy/sub/also.txt"))
        #expect(!directory.exists("copy/secret.key"))
    }

    @Test func vetoedMoveLeavesTheItemWhereItWas() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("hello", to: "a.txt")
        let fileManager = FileManager()
        fileManager.on.shouldMoveItem { _, items in items.destination.lastPathComponent != "b.txt" }

        try fileManager.moveItem(at: source, to: directory("b.txt"))
        #expect(directory.exists("a.txt"))
        #expect(!directory.exists("b.txt"))

        try fileManager.moveItem(atPath: source.path, toPath: directory("c.txt").path)
        #expect(!directory.exists("a.txt"))
        #expect(directory.exists("c.txt"))
    }

    @Test func vetoedLinkIsNotCreated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("hello", to: "a.txt")
        let fileManager = FileManager()
        fileManager.on.shouldLinkItemAtPath { _, paths in !paths.destination.hasSuffix("vetoed") }

        try fileManager.linkItem(at: source, to: directory("vetoed"))
        try fileManager.linkItem(atPath: source.path, toPath: directory("allowed").path)

        #expect(!directory.exists("vetoed"))
        #expect(try directory.read("allowed") == "hello")
    }

    @Test func vetoedRemovalKeepsTheItemAndIsAskedForEveryItemOfADirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("1", to: "tree/a.txt")
        try directory.write("2", to: "tree/b.txt")
        let fileManager = FileManager()
        let asked = Recorder<String>()
        fileManager.on.shouldRemoveItem { _, item in
            asked.append(item.lastPathComponent)
            return true
        }
        fileManager.on.shouldRemoveItemAtPath { _, path in !path.hasSuffix("/keep.txt") }
        try directory.write("3", to: "keep.txt")

        try fileManager.removeItem(at: directory("keep.txt"))
        try fileManager.removeItem(atPath: directory("tree").path)

        #expect(directory.exists("keep.txt"))
        #expect(!directory.exists("tree"))
        #expect(Set(asked.values) == ["keep.txt", "tree", "a.txt", "b.txt"])
    }

    @Test func copyOntoAnExistingFileThrowsUnlessAHandlerLetsItProceed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("new", to: "a.txt")
        let destination = try directory.write("old", to: "b.txt")
        let fileManager = FileManager()
        let errors = Recorder<Int>()
        let proceeds = LockedBox(false)
        fileManager.on.shouldProceedAfterCopyError { _, failure in
            errors.append((failure.error as NSError).code)
            #expect(failure.source.lastPathComponent == "a.txt")
            #expect(failure.destination.lastPathComponent == "b.txt")
            return proceeds.value
        }

        #expect(throws: (any Error).self) { try fileManager.copyItem(at: source, to: destination) }
        proceeds.value = true
        try fileManager.copyItem(at: source, to: destination)

        #expect(errors.values == [Self.fileExists, Self.fileExists])
        #expect(try directory.read("b.txt") == "old")
    }

    @Test func withNoHandlerToAskAnErrorStillStopsTheOperation() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("new", to: "a.txt")
        let destination = try directory.write("old", to: "b.txt")
        let fileManager = FileManager()
        fileManager.on.shouldCopyItem { _, _ in true }  // installs the proxy; nobody answers errors

        #expect(throws: (any Error).self) { try fileManager.copyItem(at: source, to: destination) }
    }

    @Test func pathErrorHandlersDecideForMoveLinkAndRemoveErrors() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let moved = try directory.write("moved", to: "a.txt")
        let linked = try directory.write("linked", to: "b.txt")
        let taken = try directory.write("old", to: "taken.txt")
        let fileManager = FileManager()
        let asked = Recorder<String>()
        fileManager.on.shouldProceedAfterMoveErrorAtPath { _, failure in
            asked.append("move \((failure.source as NSString).lastPathComponent)")
            return true
        }
        fileManager.on.shouldProceedAfterLinkErrorAtPath { _, failure in
            asked.append("link \((failure.source as NSString).lastPathComponent)")
            return true
        }
        fileManager.on.shouldProceedAfterRemoveErrorAtPath { _, failure in
            asked.append("remove \((failure.path as NSString).lastPathComponent)")
            return true
        }

        // None of these throws: every handler let it proceed.
        try fileManager.linkItem(atPath: linked.path, toPath: taken.path)
        try fileManager.moveItem(at: moved, to: taken)  // (Foundation on Linux then replaces it)
        try fileManager.removeItem(at: directory("missing.txt"))

        #expect(asked.values == ["link b.txt", "move a.txt", "remove missing.txt"])
    }

    @Test func urlErrorHandlersDecideForMoveLinkAndRemoveErrors() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("new", to: "a.txt")
        let taken = try directory.write("old", to: "taken.txt")
        let fileManager = FileManager()
        let asked = Recorder<String>()
        fileManager.on.shouldProceedAfterMoveError { _, _ in
            asked.append("move")
            return false
        }
        fileManager.on.shouldProceedAfterLinkError { _, _ in
            asked.append("link")
            return false
        }
        fileManager.on.shouldProceedAfterRemoveError { _, failure in
            asked.append("remove \(failure.item.lastPathComponent) \((failure.error as NSError).code)")
            return false
        }

        #expect(throws: (any Error).self) { try fileManager.moveItem(atPath: source.path, toPath: taken.path) }
        #expect(throws: (any Error).self) { try fileManager.linkItem(at: source, to: taken) }
        #expect(throws: (any Error).self) { try fileManager.removeItem(atPath: directory("missing.txt").path) }

        #expect(asked.values == ["move", "link", "remove missing.txt \(CocoaError.Code.fileNoSuchFile.rawValue)"])
    }
}
