#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// `UINavigationControllerDelegate`'s show callbacks as OnKit events:
/// `navigationController.on.didShow { navigationController, shown in … }`.
///
/// OnKit installs its proxy as the delegate on the first `on.` call and follows every adapter's
/// rules (<doc:Semantics>, "Delegate adapters"). Animation controllers and orientations go straight
/// to the controller's own delegate.
@MainActor
extension On where Base: UINavigationController {
    /// A view controller is about to be shown:
    /// `navigationController.on.willShow { shown in shown.viewController.navigationItem.backButtonDisplayMode = .minimal }`.
    public var willShow: ReadOnlyEvent<Base, NavigationShow> { callback(\.willShow) }

    /// A view controller was shown: `navigationController.on.didShow { shown in log(shown.viewController) }`.
    public var didShow: ReadOnlyEvent<Base, NavigationShow> { callback(\.didShow) }
}
#endif
