#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// An AppKit object that sends one action to one target: every `NSControl`, `NSMenuItem`,
/// `NSToolbarItem` and `NSGestureRecognizer`. OnKit takes that one slot for `on.action` and calls
/// the target and action it held first (see `on.action`).
///
/// Its requirements are AppKit's own properties; a class of yours with the same pair, which sends
/// its action as AppKit does (`NSApplication.sendAction(_:to:from:)`), may conform too.
@MainActor public protocol TargetActionHost: NSObject, MainActorBound {
    /// The object that gets `action`; `nil` sends it up the responder chain.
    var target: AnyObject? { get set }
    /// The action sent to `target`.
    var action: Selector? { get set }
}

extension NSControl: TargetActionHost {}
extension NSMenuItem: TargetActionHost {}
extension NSToolbarItem: TargetActionHost {}
extension NSGestureRecognizer: TargetActionHost {}
#endif
