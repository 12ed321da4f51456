#if canImport(UIKit)
import UIKit

/// The target OnKit puts in a bar button item's one target-action slot (`ActionSlot`): it calls
/// the action the item had before, then the handlers.
@MainActor final class BarButtonItemTarget: NSObject {
    /// What the item did before OnKit took its slot.
    enum PreviousAction {
        /// A target and an action; a `nil` target sends the action up the responder chain.
        case targetAction(WeakTarget, Selector)
        /// A `UIAction`, which UIKit prefers to the target and action when both are set.
        case primaryAction(UIAction)
    }

    /// The item's target, held weakly as the item held it.
    struct WeakTarget {
        weak var object: AnyObject?
    }

    let slot = ActionSlot<UIBarButtonItem, PreviousAction>()

    nonisolated override init() {
        super.init()
    }

    /// Takes `item`'s slot unless it holds this target (see `ActionSlot`).
    func take(_ item: UIBarButtonItem) {
        let action = #selector(fire)
        slot.take(
            on: item,
            holdsOurs: item.primaryAction == nil && item.target === self && item.action == action,
            current: {
                if let primaryAction = item.primaryAction { return .primaryAction(primaryAction) }
                if let previous = item.action { return .targetAction(WeakTarget(object: item.target), previous) }
                return nil
            },
            write: {
                // `primaryAction` first: while it is set, UIKit ignores the target and action.
                // Clearing it keeps the item's title and image (UIBarButtonItem.h).
                item.primaryAction = nil
                item.target = self
                item.action = action
            }
        )
    }

    /// The action UIKit calls: the previous action, then the handlers.
    @objc func fire() {
        slot.fire { item, previous in
            switch previous {
            case .targetAction(let target, let action):
                // As UIKit sends it: to the target, or up the responder chain when it is nil.
                UIApplication.shared.sendAction(action, to: target.object, from: item, for: nil)
            case .primaryAction(let primaryAction):
                primaryAction.performWithSender(item, target: nil)
            }
        }
    }
}
#endif
