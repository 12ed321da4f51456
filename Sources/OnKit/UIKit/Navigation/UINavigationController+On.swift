#if canImport(UIKit)
import UIKit

/// `UINavigationControllerDelegate`'s show callbacks as OnKit events:
/// `navigationController.on.didShow { navigationController, shown in … }`.
///
/// The first `on.` call installs OnKit's proxy as the controller's `delegate`; a delegate it had
/// is kept (weakly, as UIKit holds it) and gets every callback first, and the methods OnKit does
/// not handle (animation controllers, orientations) go straight to it. Setting `delegate` later
/// replaces the proxy until the next `on.` call.
@MainActor
extension On where Base: UINavigationController {
    /// A view controller is about to be shown:
    /// `navigationController.on.willShow { navigationController, shown in shown.viewController.navigationItem.backButtonDisplayMode = .minimal }`.
    public var willShow: ReadOnlyEvent<Base, (viewController: UIViewController, animated: Bool)> { callback(\.willShow) }

    /// A view controller was shown: `navigationController.on.didShow { navigationController, shown in log(shown.viewController) }`.
    public var didShow: ReadOnlyEvent<Base, (viewController: UIViewController, animated: Bool)> { callback(\.didShow) }
}
#endif
