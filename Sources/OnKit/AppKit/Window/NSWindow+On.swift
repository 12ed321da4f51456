#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// `NSWindowDelegate` as OnKit events and decisions: `window.on.shouldClose { window in … }`.
///
/// OnKit installs its proxy as the delegate on the first `on.` call and follows every adapter's
/// rules (<doc:Semantics>, "Delegate adapters"): the window's own delegate (its window controller,
/// say) is kept, called first, and followed when it is set later (at the next `on.` call);
/// methods OnKit does not handle go straight to it. The proxy claims a method only while it has
/// handlers or that delegate has it, so an unused `on.willResize` changes no resizing.
@MainActor
extension On where Base: NSWindow {
    /// The user is resizing the window to a proposed size, which each handler may change in turn
    /// (the window's own delegate first; the last value wins, see `Adjustable`):
    /// `window.on.willResize { window, size in size.value.width = max(size.value.width, 480) }`.
    public var willResize: ReadOnlyEvent<Base, Adjustable<NSSize>> { callback(\.willResize) }

    /// The window's size changed: `window.on.didResize { window in layout(for: window.frame.size) }`.
    public var didResize: ReadOnlyEvent<Base, Void> { callback(\.didResize) }

    /// The window moved: `window.on.didMove { window in saveFrame(window.frame) }`.
    public var didMove: ReadOnlyEvent<Base, Void> { callback(\.didMove) }

    /// The window became key (it gets keyboard events): `window.on.didBecomeKey { window in refresh() }`.
    public var didBecomeKey: ReadOnlyEvent<Base, Void> { callback(\.didBecomeKey) }

    /// The window is no longer key: `window.on.didResignKey { window in window.makeFirstResponder(nil) }`.
    public var didResignKey: ReadOnlyEvent<Base, Void> { callback(\.didResignKey) }

    /// Asked when the user closes the window (the close button, ⌘W, `performClose(_:)`); all
    /// must allow (the window's own delegate first, stopping at the first `false`; `true` with
    /// nobody to ask). `close()` in code asks nobody.
    ///
    /// ```swift
    /// window.on.shouldClose(owner: self) { controller in
    ///     !controller.hasUnsavedChanges
    /// }
    /// ```
    public var shouldClose: ReadOnlyDecision<Base, Void, Bool> { callback(\.shouldClose) }

    /// The window is about to close: `window.on.willClose { window in saveFrame(window.frame) }`.
    public var willClose: ReadOnlyEvent<Base, Void> { callback(\.willClose) }

    /// The window went to the Dock: `window.on.didMiniaturize { window in pauseUpdates() }`.
    public var didMiniaturize: ReadOnlyEvent<Base, Void> { callback(\.didMiniaturize) }

    /// The window came back from the Dock: `window.on.didDeminiaturize { window in resumeUpdates() }`.
    public var didDeminiaturize: ReadOnlyEvent<Base, Void> { callback(\.didDeminiaturize) }

    /// The window entered full screen: `window.on.didEnterFullScreen { window in toolbar.isVisible = false }`.
    public var didEnterFullScreen: ReadOnlyEvent<Base, Void> { callback(\.didEnterFullScreen) }

    /// The window left full screen: `window.on.didExitFullScreen { window in toolbar.isVisible = true }`.
    public var didExitFullScreen: ReadOnlyEvent<Base, Void> { callback(\.didExitFullScreen) }
}

extension NSWindow: DelegateProxyHost { typealias OnKitDelegateProxy = NSWindowDelegateProxy }
#endif
