import Foundation
import Testing

/// Compiles a Swift snippet against the OnKit module this test binary was built with, to SIL and
/// a module (`-emit-module`, not `-typecheck`: region-based isolation reports its refusals only
/// there), in Swift 6 mode. For tests that a refusal the compiler must make is really made.
enum SnippetCompiler {
    /// The compiler's diagnostics for `source`, and whether it compiled.
    static func compile(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (compiled: Bool, output: String) {
        let modules = try #require(modulesDirectory, "no OnKit.swiftmodule beside the test binary", sourceLocation: sourceLocation)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("onkit-snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Snippet.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-swift-version", "6", "-parse-as-library", "-emit-module", "-module-name", "Snippet",
            "-emit-module-path", directory.appendingPathComponent("Snippet.swiftmodule").path,
            "-I", modules.path, "-I", threadLocalHeaders.path, file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0, output)
    }

    /// The C module OnKit imports on Linux (Sources/OnKitThreadLocal/include): importing OnKit
    /// loads it, and SwiftPM only tells its own targets where it is.
    private static var threadLocalHeaders: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/OnKitThreadLocal/include")
    }

    /// `Modules/` beside the running test binary, where SwiftPM puts `OnKit.swiftmodule`.
    private static var modulesDirectory: URL? {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = binary.deletingLastPathComponent()
        for _ in 0..<4 {
            let modules = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("OnKit.swiftmodule").path) { return modules }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}
