/// Maintenance of host-bound storage.
public enum Associations {
    /// Releases now the stored values of deallocated hosts, and returns how many hosts that was
    /// (on Linux, values under released keys go too, uncounted).
    ///
    /// On Apple platforms the runtime releases them with the host: this returns 0. On Linux the
    /// side table releases them on a background queue within about a second (and a few at a
    /// time within later accesses); call this to do it at once, on this thread. Other threads'
    /// accesses go on meanwhile.
    ///
    /// When it returns, every value of a host that was dead when it was called is released:
    /// those it found, on this thread, and those a concurrent release (the background queue's,
    /// another access's, another call's) had taken, which it waits for. Called from a deinit
    /// that such a release runs, it does not wait for the others (that could wait for itself).
    @discardableResult
    public static func releaseValuesOfDeadHosts() -> Int {
        #if canImport(ObjectiveC)
        0
        #else
        SideTable.shared.releaseValuesOfDeadHosts()
        #endif
    }
}
