import Foundation
import Testing
#if canImport(Darwin)
import Darwin
#endif

/// Compiles a Swift snippet against the OnKit module this test binary was built with, to SIL and
/// a module (`-emit-module`, not `-typecheck`: region-based isolation reports its refusals only
/// there), in Swift 6 mode. For tests that a refusal the compiler must make is really made.
///
/// It runs `swiftc` as a child process: on Linux and macOS only (iOS and tvOS have no `Process`,
/// and no compiler). The suites that use it are enabled with ``isAvailable``, so that elsewhere
/// they are skipped, and named, rather than failed.
enum SnippetCompiler {
    /// Whether snippets can be compiled here: a platform with a compiler to run, and the OnKit
    /// module found beside this test binary.
    static var isAvailable: Bool {
        #if os(Linux) || os(macOS)
        modulesDirectory != nil
        #else
        false
        #endif
    }

    /// Why a suite that compiles snippets is skipped where ``isAvailable`` is false.
    static let unavailableReason: Comment = "compiles snippets with swiftc, beside the built module: Linux and macOS only"

    /// The compiler's diagnostics for `source`, and whether it compiled.
    static func compile(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (compiled: Bool, output: String) {
        #if os(Linux) || os(macOS)
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
            "-I", modules.path, "-I", cModuleHeaders.path, file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0, output)
        #else
        Issue.record("SnippetCompiler runs swiftc, which this platform cannot (see isAvailable)", sourceLocation: sourceLocation)
        return (false, "")
        #endif
    }

    /// The C module OnKit imports (Linux: Sources/OnKitThreadLocal/include; Apple platforms:
    /// Sources/OnKitObjC/include): importing OnKit loads it, and SwiftPM only tells its own
    /// targets where it is.
    private static var cModuleHeaders: URL {
        #if canImport(ObjectiveC)
        let target = "OnKitObjC"
        #else
        let target = "OnKitThreadLocal"
        #endif
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/\(target)/include")
    }

    /// `Modules/` above the image this code is in, where SwiftPM puts `OnKit.swiftmodule`: on
    /// Linux the test executable (`.build/debug/OnKitPackageTests.xctest`), on macOS the bundle's
    /// binary (`….xctest/Contents/MacOS/OnKitPackageTests`).
    private static var modulesDirectory: URL? {
        guard let image = testImagePath else { return nil }
        var directory = URL(fileURLWithPath: image).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let modules = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("OnKit.swiftmodule").path) { return modules }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// The file of the image this code is in. On Apple platforms `dladdr` names it (the process
    /// is the test runner there, not the tests); on Linux the tests are the process, and
    /// `/proc/self/exe` names it (Glibc's module does not export `dladdr`).
    private static var testImagePath: String? {
        #if canImport(Darwin)
        var image = Dl_info()
        guard dladdr(#dsohandle, &image) != 0, let path = image.dli_fname else { return nil }
        return String(cString: path)
        #else
        return "/proc/self/exe"
        #endif
    }
}
