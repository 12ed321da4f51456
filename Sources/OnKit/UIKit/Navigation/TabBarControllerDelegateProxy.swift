#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// The `UITabBarControllerDelegate` OnKit installs: each method goes to the controller's own
/// delegate first, then to the handlers. The decision is `Decision.all()`, `true` with nobody to
/// ask. The `UITab` variants (iOS 18) and transition methods go straight to that delegate.
@MainActor final class TabBarControllerDelegateProxy: ObjCDelegateProxy, UITabBarControllerDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey(
        "UITabBarController.delegateProxy", default: TabBarControllerDelegateProxy()
    )
    nonisolated let forwarding = DelegateForwarding<any UITabBarControllerDelegate>(objectiveC: .weak)
    nonisolated var asDelegate: any UITabBarControllerDelegate { self }

    nonisolated let shouldSelect = Decision<UITabBarController, UIViewController, Bool>.all()
    nonisolated let didSelect = Event<UITabBarController, UIViewController>()

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(tabBarController(_:shouldSelect:) as (UITabBarController, UIViewController) -> Bool): shouldSelect
        case #selector(tabBarController(_:didSelect:) as (UITabBarController, UIViewController) -> Void): didSelect
        default: nil
        }
    }

    func tabBarController(_ controller: UITabBarController, shouldSelect selected: UIViewController) -> Bool {
        ask(shouldSelect, controller, selected, else: true) { $0.tabBarController?(controller, shouldSelect: selected) }
    }

    func tabBarController(_ controller: UITabBarController, didSelect selected: UIViewController) {
        forwarding.forward { $0.tabBarController?(controller, didSelect: selected) }; didSelect.send(controller, selected)
    }
}
#endif
