#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// The `NSWindowDelegate` OnKit installs on a window (see `DelegateProxy` and
/// `ObjCDelegateProxy`): each method goes to the window's own delegate first (often its window
/// controller), then to OnKit's handlers.
@MainActor final class NSWindowDelegateProxy: ObjCDelegateProxy, NSWindowDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey("NSWindow.delegateProxy", default: NSWindowDelegateProxy())
    nonisolated let forwarding = DelegateForwarding<any NSWindowDelegate>(ownership: .weak)
    nonisolated var asDelegate: any NSWindowDelegate { self }

    nonisolated let shouldClose = Decision<NSWindow, Void, Bool>.all()
    nonisolated let willClose = Event<NSWindow, Void>()
    nonisolated let didBecomeKey = Event<NSWindow, Void>()
    nonisolated let didResignKey = Event<NSWindow, Void>()
    nonisolated let didMove = Event<NSWindow, Void>()
    nonisolated let willResize = Event<NSWindow, Adjustable<NSSize>>()
    nonisolated let didResize = Event<NSWindow, Void>()
    nonisolated let didMiniaturize = Event<NSWindow, Void>()
    nonisolated let didDeminiaturize = Event<NSWindow, Void>()
    nonisolated let didEnterFullScreen = Event<NSWindow, Void>()
    nonisolated let didExitFullScreen = Event<NSWindow, Void>()

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(windowShouldClose(_:)): shouldClose
        case #selector(windowWillClose(_:)): willClose
        case #selector(windowDidBecomeKey(_:)): didBecomeKey
        case #selector(windowDidResignKey(_:)): didResignKey
        case #selector(windowDidMove(_:)): didMove
        case #selector(windowWillResize(_:to:)): willResize
        case #selector(windowDidResize(_:)): didResize
        case #selector(windowDidMiniaturize(_:)): didMiniaturize
        case #selector(windowDidDeminiaturize(_:)): didDeminiaturize
        case #selector(windowDidEnterFullScreen(_:)): didEnterFullScreen
        case #selector(windowDidExitFullScreen(_:)): didExitFullScreen
        default: nil
        }
    }

    // One line per method: the window's own delegate, then the handlers. The notification methods
    // read as a table: each names its delegate method and its event once.

    func windowShouldClose(_ window: NSWindow) -> Bool {
        shouldClose.answer(window, (), after: forwarding.target?.windowShouldClose?(window)) ?? true
    }

    func windowWillClose(_ note: Notification) { send(willClose, note) { $0.windowWillClose?(note) } }
    func windowDidBecomeKey(_ note: Notification) { send(didBecomeKey, note) { $0.windowDidBecomeKey?(note) } }
    func windowDidResignKey(_ note: Notification) { send(didResignKey, note) { $0.windowDidResignKey?(note) } }
    func windowDidMove(_ note: Notification) { send(didMove, note) { $0.windowDidMove?(note) } }

    /// The delegate may change the size first; then the handlers adjust it in turn and the last
    /// value wins (see `Adjustable`).
    func windowWillResize(_ window: NSWindow, to proposed: NSSize) -> NSSize {
        var size = forwarding.target?.windowWillResize?(window, to: proposed) ?? proposed
        willResize.send(window, adjusting: &size, proposed: proposed) { $0 }
        return size
    }

    func windowDidResize(_ note: Notification) { send(didResize, note) { $0.windowDidResize?(note) } }
    func windowDidMiniaturize(_ note: Notification) { send(didMiniaturize, note) { $0.windowDidMiniaturize?(note) } }
    func windowDidDeminiaturize(_ note: Notification) { send(didDeminiaturize, note) { $0.windowDidDeminiaturize?(note) } }
    func windowDidEnterFullScreen(_ note: Notification) { send(didEnterFullScreen, note) { $0.windowDidEnterFullScreen?(note) } }
    func windowDidExitFullScreen(_ note: Notification) { send(didExitFullScreen, note) { $0.windowDidExitFullScreen?(note) } }

    /// Calls the window's own delegate through `forward`, then sends `event` for the window the
    /// notification is about (AppKit sends a window's delegate only its own notifications, so the
    /// cast always succeeds).
    private func send(_ event: Event<NSWindow, Void>, _ note: Notification, after forward: (any NSWindowDelegate) -> Void) {
        if let target = forwarding.target { forward(target) }
        if let window = note.object as? NSWindow { event.send(window, ()) }
    }
}
#endif
