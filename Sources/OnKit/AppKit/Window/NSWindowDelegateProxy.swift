#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// The `NSWindowDelegate` OnKit installs on a window (see `DelegateProxy` and
/// `ObjCDelegateProxy`): each method goes to the window's own delegate first (often its window
/// controller), then to OnKit's handlers.
@MainActor final class NSWindowDelegateProxy: ObjCDelegateProxy, NSWindowDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey("NSWindow.delegateProxy", default: NSWindowDelegateProxy())
    nonisolated let forwarding = DelegateForwarding<any NSWindowDelegate>(objectiveC: .weak)
    nonisolated var asDelegate: any NSWindowDelegate { self }

    // One order everywhere (here, in `notices`, in the methods and in `on.`): the window's size
    // and place, key status, closing, the Dock, full screen.
    nonisolated let willResize = Event<NSWindow, Adjustable<NSSize>>()
    nonisolated let didResize = Notice<NSWindow>()
    nonisolated let didMove = Notice<NSWindow>()
    nonisolated let didBecomeKey = Notice<NSWindow>()
    nonisolated let didResignKey = Notice<NSWindow>()
    nonisolated let shouldClose = Decision<NSWindow, Void, Bool>.all()
    nonisolated let willClose = Notice<NSWindow>()
    nonisolated let didMiniaturize = Notice<NSWindow>()
    nonisolated let didDeminiaturize = Notice<NSWindow>()
    nonisolated let didEnterFullScreen = Notice<NSWindow>()
    nonisolated let didExitFullScreen = Notice<NSWindow>()

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(windowShouldClose(_:)): shouldClose
        case #selector(windowWillResize(_:to:)): willResize
        default: Self.notices[selector].map { self[keyPath: $0] }
        }
    }

    /// The notification methods, by selector, and the event each sends: all alike (each takes the
    /// notification and sends the window), so a table rather than nine cases of the switch.
    private nonisolated static let notices: [Selector: any KeyPath<NSWindowDelegateProxy, Notice<NSWindow>> & Sendable] = [
        #selector(windowDidResize(_:)): \.didResize,
        #selector(windowDidMove(_:)): \.didMove,
        #selector(windowDidBecomeKey(_:)): \.didBecomeKey,
        #selector(windowDidResignKey(_:)): \.didResignKey,
        #selector(windowWillClose(_:)): \.willClose,
        #selector(windowDidMiniaturize(_:)): \.didMiniaturize,
        #selector(windowDidDeminiaturize(_:)): \.didDeminiaturize,
        #selector(windowDidEnterFullScreen(_:)): \.didEnterFullScreen,
        #selector(windowDidExitFullScreen(_:)): \.didExitFullScreen,
    ]

    // One line per method: the window's own delegate, then the handlers. The notification methods
    // read as a table: each names its delegate method and its event once.

    /// The delegate may change the size first; then the handlers adjust it in turn and the last
    /// value wins (see `Adjustable`).
    func windowWillResize(_ window: NSWindow, to proposed: NSSize) -> NSSize {
        var size = forwarding.answer { $0.windowWillResize?(window, to: proposed) } ?? proposed
        willResize.send(window, adjusting: &size, proposed: proposed) { $0 }
        return size
    }

    func windowDidResize(_ note: Notification) { send(didResize, note) { $0.windowDidResize?(note) } }
    func windowDidMove(_ note: Notification) { send(didMove, note) { $0.windowDidMove?(note) } }
    func windowDidBecomeKey(_ note: Notification) { send(didBecomeKey, note) { $0.windowDidBecomeKey?(note) } }
    func windowDidResignKey(_ note: Notification) { send(didResignKey, note) { $0.windowDidResignKey?(note) } }

    func windowShouldClose(_ window: NSWindow) -> Bool {
        ask(shouldClose, window, (), else: true) { $0.windowShouldClose?(window) }
    }

    func windowWillClose(_ note: Notification) { send(willClose, note) { $0.windowWillClose?(note) } }
    func windowDidMiniaturize(_ note: Notification) { send(didMiniaturize, note) { $0.windowDidMiniaturize?(note) } }
    func windowDidDeminiaturize(_ note: Notification) { send(didDeminiaturize, note) { $0.windowDidDeminiaturize?(note) } }
    func windowDidEnterFullScreen(_ note: Notification) { send(didEnterFullScreen, note) { $0.windowDidEnterFullScreen?(note) } }
    func windowDidExitFullScreen(_ note: Notification) { send(didExitFullScreen, note) { $0.windowDidExitFullScreen?(note) } }
}
#endif
