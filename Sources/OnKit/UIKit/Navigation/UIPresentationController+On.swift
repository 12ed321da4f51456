#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// `UIAdaptivePresentationControllerDelegate`'s dismissal callbacks as OnKit events and a
/// decision: `editor.presentationController?.on.shouldDismiss { controller in !hasChanges }`.
///
/// OnKit installs its proxy as the delegate on the first `on.` call and follows every adapter's
/// rules (<doc:Semantics>, "Delegate adapters").
@MainActor
extension On where Base: UIPresentationController {
    /// Asked when the user tries to dismiss (a swipe down): the controller's delegate first, then
    /// the handlers; all must allow (stops at the first `false`; `true` with nobody to ask):
    /// `controller.on.shouldDismiss { !draft.hasChanges }`.
    public var shouldDismiss: ReadOnlyDecision<Base, Void, Bool> { callback(\.shouldDismiss) }

    /// An interactive dismissal starts: `controller.on.willDismiss { draft.pause() }`.
    public var willDismiss: ReadOnlyEvent<Base, Void> { callback(\.willDismiss) }

    /// The presented view controller was dismissed interactively: `controller.on.didDismiss { draft.discard() }`.
    public var didDismiss: ReadOnlyEvent<Base, Void> { callback(\.didDismiss) }

    /// A dismissal was refused (`shouldDismiss` said no): `controller.on.didAttemptToDismiss { confirmDiscard() }`.
    public var didAttemptToDismiss: ReadOnlyEvent<Base, Void> { callback(\.didAttemptToDismiss) }
}
#endif
