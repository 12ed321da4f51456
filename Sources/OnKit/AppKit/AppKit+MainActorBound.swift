#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

// AppKit's objects live on the main actor and call their targets and delegates there, so their
// events take `@MainActor` handlers (see `MainActorBound`): `button.on.tap { button in button.isEnabled = false }`.
// Views, controls, windows, view controllers and collection view items are responders; menu items
// and toolbar items are not, and the macOS 13.3 headers do not mark `NSMenuItem` `@MainActor`,
// but AppKit uses all of them on the main thread only.
extension NSResponder: MainActorBound {}
extension NSMenuItem: MainActorBound {}
extension NSToolbarItem: MainActorBound {}
extension NSGestureRecognizer: MainActorBound {}
#endif
