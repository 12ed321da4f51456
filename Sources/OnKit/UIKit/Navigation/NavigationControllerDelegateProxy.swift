#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// The `UINavigationControllerDelegate` OnKit installs: each method goes to the controller's own
/// delegate first, then to the handlers. Transition and orientation methods are not OnKit's:
/// they go straight to that delegate.
@MainActor final class NavigationControllerDelegateProxy: ObjCDelegateProxy, UINavigationControllerDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey(
        "UINavigationController.delegateProxy", default: NavigationControllerDelegateProxy()
    )
    nonisolated let forwarding = DelegateForwarding<any UINavigationControllerDelegate>(objectiveC: .weak)
    nonisolated var asDelegate: any UINavigationControllerDelegate { self }

    nonisolated let willShow = Event<UINavigationController, NavigationShow>()
    nonisolated let didShow = Event<UINavigationController, NavigationShow>()

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(navigationController(_:willShow:animated:)): willShow
        case #selector(navigationController(_:didShow:animated:)): didShow
        default: nil
        }
    }

    func navigationController(_ controller: UINavigationController, willShow shown: UIViewController, animated: Bool) {
        forwarding.forward { $0.navigationController?(controller, willShow: shown, animated: animated) }
        willShow.send(controller, NavigationShow(viewController: shown, animated: animated))
    }

    func navigationController(_ controller: UINavigationController, didShow shown: UIViewController, animated: Bool) {
        forwarding.forward { $0.navigationController?(controller, didShow: shown, animated: animated) }
        didShow.send(controller, NavigationShow(viewController: shown, animated: animated))
    }
}
#endif
