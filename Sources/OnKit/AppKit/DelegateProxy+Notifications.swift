#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// An event an AppKit delegate proxy sends from a notification method (`windowDidMove(_:)`,
/// `tableViewSelectionDidChange(_:)`…): it carries nothing but the host the notification is about.
typealias Notice<Host> = Event<Host, Void>

extension DelegateProxy {
    /// What every notification method of an AppKit delegate proxy does: the host's own delegate
    /// first (through `DelegateForwarding.forward`), then `event` for the host the notification
    /// is about, with `value` of it. AppKit sends a delegate only its own host's notifications,
    /// so the cast always succeeds.
    func send<Host, Value>(
        _ event: Event<Host, Value>, _ note: Notification, _ value: (Host) -> Value,
        _ site: StaticString = #function, after forward: (Delegate) -> Void
    ) {
        forwarding.forward(site, forward)
        if let host = note.object as? Host { event.send(host, value(host)) }
    }

    /// `send(_:_:_:after:)` for a `Notice`, which carries no value.
    func send<Host>(
        _ notice: Notice<Host>, _ note: Notification, _ site: StaticString = #function,
        after forward: (Delegate) -> Void
    ) {
        send(notice, note, { _ in }, site, after: forward)
    }
}
#endif
