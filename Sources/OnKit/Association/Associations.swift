/// Maintenance of host-bound storage.
public enum Associations {
    /// Releases now the stored values of hosts that have been deallocated, and returns how many
    /// hosts that was.
    ///
    /// On Apple platforms the runtime releases them when the host deallocates, and this returns
    /// 0. On Linux the side table releases them on its own within as many accesses as it has
    /// hosts; call this to release them at a moment of your choosing.
    @discardableResult
    public static func releaseValuesOfDeadHosts() -> Int {
        #if canImport(ObjectiveC)
        0
        #else
        SideTable.shared.releaseValuesOfDeadHosts()
        #endif
    }
}
