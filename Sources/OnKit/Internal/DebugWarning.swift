import Foundation

/// Prints `message` to standard error in DEBUG builds, once per call site and message: how OnKit
/// reports a use that it refuses or cannot follow, where stopping the program would be worse.
/// Release builds neither build nor print the message.
func debugWarning(_ message: @autoclosure () -> String) {
    #if DEBUG
    let text = message()
    let isNew = DebugWarnings.printed.withLock { $0.insert(text).inserted }
    if isNew { FileHandle.standardError.write(Data((text + "\n").utf8)) }
    #endif
}

#if DEBUG
enum DebugWarnings {
    /// The warnings printed so far: each is printed once, not at every `on.` call (tests read it).
    static let printed = Locked(Set<String>())
}
#endif
