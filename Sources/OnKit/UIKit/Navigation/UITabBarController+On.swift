#if canImport(UIKit)
import UIKit

/// `UITabBarControllerDelegate`'s selection callbacks as an OnKit decision and event:
/// `tabBarController.on.didSelect { tabBarController, viewController in … }`.
///
/// The first `on.` call installs OnKit's proxy as the controller's `delegate`; a delegate it had
/// is kept (weakly, as UIKit holds it) and gets every callback first, and the methods OnKit does
/// not handle go straight to it. Setting `delegate` later replaces the proxy until the next
/// `on.` call.
@MainActor
extension On where Base: UITabBarController {
    /// Asked before a tab is selected: the controller's delegate first, then the handlers; all
    /// must allow (stops at the first `false`; `true` with nobody to ask):
    /// `tabBarController.on.shouldSelect { tabBarController, viewController in isSignedIn || !(viewController is AccountViewController) }`.
    public var shouldSelect: ReadOnlyDecision<Base, UIViewController, Bool> { callback(\.shouldSelect) }

    /// A tab was selected: `tabBarController.on.didSelect { tabBarController, viewController in log(viewController) }`.
    public var didSelect: ReadOnlyEvent<Base, UIViewController> { callback(\.didSelect) }
}
#endif
