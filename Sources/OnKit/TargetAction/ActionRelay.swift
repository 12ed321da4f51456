/// One target that OnKit adds to a host's target-action mechanism (a control's event mask, a
/// gesture recognizer): each action it receives becomes one send of `event`, with the host as
/// the sender, to any number of handlers.
///
/// It holds its host weakly: it is stored on the host (`ActionTargets`), so a strong reference
/// would keep the host alive forever. The host is the only sender, which is what lets an adapter
/// hand out `event` typed by a subclass (`sent(as:)`).
@MainActor final class ActionRelay<Host: AnyObject> {
    /// What every action of the host becomes.
    nonisolated let event = Event<Host, Void>()
    private weak var host: Host?

    init(host: Host) {
        self.host = host
    }

    /// The host's action: sends `event`, unless the host is gone.
    func fire() {
        guard let host else { return }
        event.send(host, ())
    }
}
