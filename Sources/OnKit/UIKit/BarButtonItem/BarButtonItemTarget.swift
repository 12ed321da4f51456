#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
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
        let action = #selector(fire(_:forEvent:))
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
                // Clearing it keeps the item's title and image (UIBarButtonItem.h); the state the
                // action gave the item is kept by hand.
                if let primaryAction = item.primaryAction { item.keepState(of: primaryAction) }
                item.primaryAction = nil
                item.target = self
                item.action = action
            }
        )
    }

    /// The action UIKit calls, with the event that caused it: the previous action, then the handlers.
    @objc func fire(_ sender: Any?, forEvent event: UIEvent?) {
        slot.fire { item, previous in
            switch previous {
            case .targetAction(let target, let action):
                sendAction(action, to: target.object, from: item, for: event)
            case .primaryAction(let primaryAction):
                primaryAction.performWithSender(item, target: nil)
            }
        }
    }
}

/// Sends `action` as UIKit sends a bar button item's: to `target`, or up the responder chain from
/// the first responder when it is `nil`, with the sender and the event.
///
/// An action with a target is sent to it directly, everywhere. The responder chain is reached
/// only through `UIApplication.sendAction(_:to:from:for:)`, and `UIApplication.shared` is
/// `NS_EXTENSION_UNAVAILABLE`: a package built for an app extension (Xcode's "Require Only App-
/// Extension-Safe API", `-application-extension`) may not name it, and the same OnKit binary may
/// be linked into an app and its extensions. So the application is looked up at run time
/// (`value(forKey: "sharedApplication")` on the class; scanners that flag the string see this
/// comment), and only outside an app extension (`isAppExtension`): in one, no lookup is made and
/// such an action is not sent (a DEBUG build says so).
@MainActor private func sendAction(_ action: Selector, to target: AnyObject?, from item: UIBarButtonItem, for event: UIEvent?) {
    if let target = target as? any NSObjectProtocol {
        // `perform` passes both; a method taking fewer arguments ignores the rest, as when UIKit
        // sends it. Its result is unmanaged and left alone: actions return nothing.
        _ = target.perform(action, with: item, with: event)
        return
    }
    guard !isAppExtension,
        let application = (UIApplication.self as AnyObject).value(forKey: "sharedApplication") as? UIApplication
    else {
        debugWarning("OnKit: a bar button item's nil-target action \(action) was not sent: no UIApplication (an app extension)")
        return
    }
    application.sendAction(action, to: nil, from: item, for: event)
}

/// Whether this process is an app extension, told at run time: Swift has no compilation
/// condition for an extension build (`-application-extension` only restricts which API may be
/// named), and one OnKit binary may serve an app and its extensions. Every app extension,
/// ExtensionKit's included, is a bundle with the `appex` extension (Apple's "App Extension
/// Programming Guide"), which its main bundle is.
private let isAppExtension: Bool = Bundle.main.bundleURL.pathExtension == "appex"

extension UIBarButtonItem {
    /// Keeps what `action` made of this item (disabled, hidden, selected), which clearing
    /// `primaryAction` would undo: UIKit keeps only the title and image.
    fileprivate func keepState(of action: UIAction) {
        if action.attributes.contains(.disabled) { isEnabled = false }
        #if os(iOS) || os(visionOS)  // API_UNAVAILABLE(tvos)
        if action.attributes.contains(.hidden) { isHidden = true }
        if action.state == .on { isSelected = true }
        #endif
    }
}
#endif
