/// The single action slot of a host that has only one (a bar button item's target-action),
/// taken by OnKit so that any number of handlers share it, while the action that was there
/// before keeps working: it is called first on every action, as the first handler.
///
/// ## Taking the slot
/// `take(holdsOurs:current:write:)` runs on every registration:
/// - if the slot still holds OnKit's action, nothing changes;
/// - otherwise what it holds now (an action, or nothing) becomes `previous`, replacing any
///   earlier one, and OnKit's action is written into it.
///
/// So an action the app sets *after* OnKit took the slot displaces OnKit's: until the next
/// registration only the app's action runs. The next registration takes the slot back and
/// calls the app's new action first; the one before it is no longer called. (The same rule as
/// delegates, `DelegateForwarding`.)
///
/// A host may send several actions to the one target in its slot (a Mac table view sends its
/// `action` and its `doubleAction`): the slot's `event` is the first, and `fire(_:callPrevious:)`
/// sends any other event of the target's own in the same order.
///
/// The slot object is stored on the host and holds it weakly.
@MainActor final class ActionSlot<Host: AnyObject, Action> {
    /// What every action of the host becomes, after `previous` ran.
    nonisolated let event = Event<Host, Void>()
    /// The action the slot held when OnKit last took it, if any.
    private(set) var previous: Action?
    private weak var host: Host?

    nonisolated init() {}

    /// Takes `host`'s slot unless it holds OnKit's action (`holdsOurs`); `current` reads what
    /// it holds, `write` puts OnKit's action in it.
    func take(on host: Host, holdsOurs: Bool, current: () -> Action?, write: () -> Void) {
        self.host = host
        guard !holdsOurs else { return }
        previous = current()
        write()
    }

    /// The host's action: calls the previous action (`callPrevious`), then the handlers.
    func fire(callPrevious: (Host, Action) -> Void) {
        fire(event, callPrevious: callPrevious)
    }

    /// Another action of the host: calls the previous action (`callPrevious`), then `event`'s
    /// handlers.
    func fire(_ event: Event<Host, Void>, callPrevious: (Host, Action) -> Void) {
        guard let host else { return }
        if let previous { callPrevious(host, previous) }
        event.send(host, ())
    }
}
