import Synchronization

/// Counters that a release build's own checks read (`onkit-adapter-check`), where tests cannot
/// look: internal symbols are not importable from a release build.
@_spi(OnKitInternal)
public enum OnKitDiagnostics {
    /// How many sends, in every thread, found their thread's hazard record the slow way: a
    /// thread's first send, a nested send or one on an exiting thread. A send made on a thread
    /// that has sent before, and not inside another send, must not add to it.
    public static var slowHazardEntries: Int { ReadHazards.slowEntries.load(ordering: .relaxed) }
}
