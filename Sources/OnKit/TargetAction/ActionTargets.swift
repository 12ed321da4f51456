/// The targets OnKit added to one host's target-action mechanism: one per key (an event mask),
/// made when a key is first used, each relaying to any number of handlers (`ActionRelay`).
///
/// Why one target per key and not one per handler: handlers come and go in OnKit's own list
/// (removable by token, in order), while the host sees a single target per event mask that
/// stays for the host's life. Targets the app added itself are never touched: OnKit only adds
/// its own, so the host calls the app's targets and OnKit's in the order they were added.
///
/// The table keeps the targets alive (UIKit holds targets weakly) and is stored on the host,
/// so it lives exactly as long as the host; nothing in it holds the host strongly.
@MainActor final class ActionTargets<Host: AnyObject, Key: Hashable, Target: AnyObject> {
    private struct Entry {
        let relay: ActionRelay<Host>
        let target: Target
    }

    private var entries: [Key: Entry] = [:]

    nonisolated init() {}

    /// The event for `key` on `host`.
    ///
    /// On first use of `key` it makes a relay and its target (`make`) and adds the target to the
    /// host (`add`). On every use it checks that the host still has it (`isAdded`) and adds it
    /// again if not: an app that removed every target of an event mask removed OnKit's as well,
    /// and the next registration puts it back.
    func event(
        for key: Key,
        on host: Host,
        make: (ActionRelay<Host>) -> Target,
        isAdded: (Target) -> Bool,
        add: (Target) -> Void
    ) -> Event<Host, Void> {
        if let entry = entries[key] {
            if !isAdded(entry.target) { add(entry.target) }
            return entry.relay.event
        }
        let relay = ActionRelay(host: host)
        let entry = Entry(relay: relay, target: make(relay))
        entries[key] = entry
        add(entry.target)
        return relay.event
    }

    /// The event for `key` on a host that lists no targets (`UIGestureRecognizer`: OnKit cannot
    /// ask whether its target is still there).
    ///
    /// At every use, OnKit's own pair is removed (`remove`, a no-op when the app already removed
    /// it) and added again (`add`), so an app's `removeTarget(nil, action: nil)` is undone by the
    /// next registration, as on a control, and the pair is never added twice, whatever the host
    /// does with a repeated add. Targets the app added are never touched; OnKit's target then runs
    /// after the ones the app added before that use.
    func eventReAddingTarget(
        for key: Key,
        on host: Host,
        make: (ActionRelay<Host>) -> Target,
        remove: (Target) -> Void,
        add: (Target) -> Void
    ) -> Event<Host, Void> {
        event(for: key, on: host, make: make, isAdded: { _ in false }, add: { remove($0); add($0) })
    }

    /// The number of targets made: one per key used.
    var count: Int { entries.count }
}
