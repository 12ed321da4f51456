import Synchronization

/// Counters that a release build's own checks read (`onkit-adapter-check`), where tests cannot
/// look: internal symbols are not importable from a release build.
@_spi(OnKitInternal)
public enum OnKitDiagnostics {
    /// How many sends, in every thread, took the slow way to their thread's hazard record
    /// although the common case applied (the thread had a record, and was not inside another
    /// send). Always 0 in a sound build: on Linux it counts sends whose code read a copy of the
    /// thread-local variable that was never set.
    public static var missedCommonHazardEntries: Int { ReadHazards.missedCommonCases.load(ordering: .relaxed) }
}
