#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// The `UIAdaptivePresentationControllerDelegate` OnKit installs on a presentation controller:
/// each dismissal method goes to the controller's own delegate first, then to the handlers. The
/// decision is `Decision.all()`, `true` with nobody to ask. Adaptive-style methods, and a
/// popover's own delegate methods, go straight to that delegate.
@MainActor final class PresentationControllerDelegateProxy: ObjCDelegateProxy, UIAdaptivePresentationControllerDelegate,
    DelegateProxy
{
    nonisolated static let key = AssociationKey(
        "UIPresentationController.delegateProxy", default: PresentationControllerDelegateProxy()
    )
    nonisolated let forwarding = DelegateForwarding<any UIAdaptivePresentationControllerDelegate>(objectiveC: .weak)
    nonisolated var asDelegate: any UIAdaptivePresentationControllerDelegate { self }

    nonisolated let shouldDismiss = Decision<UIPresentationController, Void, Bool>.all()
    nonisolated let willDismiss = Event<UIPresentationController, Void>()
    nonisolated let didDismiss = Event<UIPresentationController, Void>()
    nonisolated let didAttemptToDismiss = Event<UIPresentationController, Void>()

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(presentationControllerShouldDismiss(_:)): shouldDismiss
        case #selector(presentationControllerWillDismiss(_:)): willDismiss
        case #selector(presentationControllerDidDismiss(_:)): didDismiss
        case #selector(presentationControllerDidAttemptToDismiss(_:)): didAttemptToDismiss
        default: nil
        }
    }

    func presentationControllerShouldDismiss(_ controller: UIPresentationController) -> Bool {
        ask(shouldDismiss, controller, (), else: true) { $0.presentationControllerShouldDismiss?(controller) }
    }

    func presentationControllerWillDismiss(_ controller: UIPresentationController) {
        forwarding.forward { $0.presentationControllerWillDismiss?(controller) }; willDismiss.send(controller, ())
    }

    func presentationControllerDidDismiss(_ controller: UIPresentationController) {
        forwarding.forward { $0.presentationControllerDidDismiss?(controller) }; didDismiss.send(controller, ())
    }

    func presentationControllerDidAttemptToDismiss(_ controller: UIPresentationController) {
        forwarding.forward { $0.presentationControllerDidAttemptToDismiss?(controller) }; didAttemptToDismiss.send(controller, ())
    }
}
#endif
