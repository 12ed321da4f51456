#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// `UITabBarControllerDelegate`'s selection callbacks as an OnKit decision and event:
/// `tabBarController.on.didSelect { tabBarController, viewController in … }`.
///
/// OnKit installs its proxy as the delegate on the first `on.` call and follows every adapter's
/// rules (<doc:Semantics>, "Delegate adapters").
@MainActor
extension On where Base: UITabBarController {
    /// Asked before a tab is selected: the controller's delegate first, then the handlers; all
    /// must allow (stops at the first `false`; `true` with nobody to ask):
    /// `tabBarController.on.shouldSelect { viewController in isSignedIn || !(viewController is AccountViewController) }`.
    public var shouldSelect: ReadOnlyDecision<Base, UIViewController, Bool> { callback(\.shouldSelect) }

    /// A tab was selected: `tabBarController.on.didSelect { viewController in log(viewController) }`.
    public var didSelect: ReadOnlyEvent<Base, UIViewController> { callback(\.didSelect) }
}
#endif
