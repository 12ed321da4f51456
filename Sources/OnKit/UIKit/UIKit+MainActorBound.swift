#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

// UIKit's objects live on the main actor and call their targets and delegates there, so their
// events take `@MainActor` handlers (see `MainActorBound`): `button.on.tap { button in button.isEnabled = false }`.
// Views, controls, cells and view controllers are responders; bar button items are bar items;
// gesture recognizers and presentation controllers are main-actor objects too.
extension UIResponder: MainActorBound {}
extension UIBarItem: MainActorBound {}
extension UIGestureRecognizer: MainActorBound {}
extension UIPresentationController: MainActorBound {}
#endif
