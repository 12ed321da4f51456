#if canImport(UIKit)
import UIKit

/// A view controller a navigation controller shows: `nav.on.willShow { nav, controller, animated in … }`.
public struct NavigationShow: TwoValues, Sendable {
    /// The view controller shown.
    public let viewController: UIViewController
    /// Whether the transition is animated.
    public let animated: Bool
    /// `(viewController, animated)`.
    public var elements: (UIViewController, Bool) { (viewController, animated) }
}
#endif
