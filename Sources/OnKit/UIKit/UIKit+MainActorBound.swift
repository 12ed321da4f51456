#if canImport(UIKit)
import UIKit

/// UIKit's objects live on the main actor and call their targets and delegates there, so their
/// events take `@MainActor` handlers (see `MainActorBound`).
extension UIResponder: MainActorBound {}

/// Not a responder, but a main-actor object too: its delegate's callbacks are main-actor events.
extension UIPresentationController: MainActorBound {}
#endif
