/// Maintenance of host-bound storage.
public enum Associations {
    /// Releases now the stored values of hosts that have been deallocated, and returns how many
    /// hosts that was. On Linux, values stored under keys that have been released go too (they
    /// are not counted).
    ///
    /// On Apple platforms the runtime releases a host's values when the host deallocates, and
    /// this returns 0. On Linux the side table releases them on its own, a few at a time, within
    /// later accesses (for n hosts in the table, within about n + 4,096 accesses; no access
    /// walks the whole table); call this to release them at a moment of your choosing. It walks
    /// the table a part at a time, so other threads' accesses go on meanwhile.
    @discardableResult
    public static func releaseValuesOfDeadHosts() -> Int {
        #if canImport(ObjectiveC)
        0
        #else
        SideTable.shared.releaseValuesOfDeadHosts()
        #endif
    }
}
