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
    nonisolated let willResize = Event<NSWindow, Adjustable<NSSize>>()
    nonisolated let didResize = Event<NSWindow, Void>()
    nonisolated let didMove = Event<NSWindow, Void>()
    nonisolated let didBecomeKey = Event<NSWindow, Void>()
    nonisolated let didResignKey = Event<NSWindow, Void>()
    nonisolated let didMiniaturize = Event<NSWindow, Void>()
    nonisolated let didDeminiaturize = Event<NSWindow, Void>()
    nonisolated let didEnterFullScreen = Event<NSWindow, Void>()
    nonisolated let didExitFullScreen = Event<NSWindow, Void>()

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(windowShouldClose(_:)): shouldClose
        case #selector(windowWillClose(_:)): willClose
        case #selector(windowWillResize(_:to:)): willResize
        case #selector(windowDidResize(_:)): didResize
        case #selector(windowDidMove(_:)): didMove
        case #selector(windowDidBecomeKey(_:)): didBecomeKey
        case #selector(windowDidResignKey(_:)): didResignKey
        case #selector(windowDidMiniaturize(_:)): didMiniaturize
        case #selector(windowDidDeminiaturize(_:)): didDeminiaturize
        case #selector(windowDidEnterFullScreen(_:)): didEnterFullScreen
        case #selector(windowDidExitFullScreen(_:)): didExitFullScreen
        default: nil
        }
    }

    // One line per method: the window's own delegate, then the handlers.

    func windowShouldClose(_ window: NSWindow) -> Bool {
        shouldClose.answer(window, (), after: forwarding.target?.windowShouldClose?(window)) ?? true
    }

    /// The delegate may change the size first; then the handlers adjust it in turn and the last
    /// value wins (see `Adjustable`).
    func windowWillResize(_ window: NSWindow, to proposed: NSSize) -> NSSize {
        var size = forwarding.target?.windowWillResize?(window, to: proposed) ?? proposed
        willResize.send(window, adjusting: &size, proposed: proposed) { $0 }
        return size
    }

    func windowWillClose(_ notification: Notification) {
        forwarding.target?.windowWillClose?(notification); send(willClose, notification)
    }

    func windowDidResize(_ notification: Notification) {
        forwarding.target?.windowDidResize?(notification); send(didResize, notification)
    }

    func windowDidMove(_ notification: Notification) {
        forwarding.target?.windowDidMove?(notification); send(didMove, notification)
    }

    func windowDidBecomeKey(_ notification: Notification) {
        forwarding.target?.windowDidBecomeKey?(notification); send(didBecomeKey, notification)
    }

    func windowDidResignKey(_ notification: Notification) {
        forwarding.target?.windowDidResignKey?(notification); send(didResignKey, notification)
    }

    func windowDidMiniaturize(_ notification: Notification) {
        forwarding.target?.windowDidMiniaturize?(notification); send(didMiniaturize, notification)
    }

    func windowDidDeminiaturize(_ notification: Notification) {
        forwarding.target?.windowDidDeminiaturize?(notification); send(didDeminiaturize, notification)
    }

    func windowDidEnterFullScreen(_ notification: Notification) {
        forwarding.target?.windowDidEnterFullScreen?(notification); send(didEnterFullScreen, notification)
    }

    func windowDidExitFullScreen(_ notification: Notification) {
        forwarding.target?.windowDidExitFullScreen?(notification); send(didExitFullScreen, notification)
    }

    /// Sends `event` for the window the notification is about (AppKit sends a window's delegate
    /// only its own notifications, so the cast always succeeds).
    private func send(_ event: Event<NSWindow, Void>, _ notification: Notification) {
        if let window = notification.object as? NSWindow { event.send(window, ()) }
    }
}
#endif
