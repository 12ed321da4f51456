#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

extension On where Base: UIBarButtonItem {
    /// The item was tapped: `item.on.tap { item in … }`, any number of handlers, each removable.
    ///
    /// ```swift
    /// doneItem.on.tap(owner: self) { controller, item in
    ///     controller.dismiss(animated: true)
    /// }
    /// ```
    ///
    /// A bar button item has one action slot, so OnKit takes it and calls what was there first,
    /// on every tap, then the handlers in order:
    /// - a `target` and `action` the item had (a `nil` target sends the action up the responder
    ///   chain, as UIKit does), or
    /// - its `primaryAction`, performed with `performWithSender(_:target:)`; OnKit clears
    ///   `primaryAction` (UIKit ignores the target and action while it is set; the item keeps its
    ///   title and image).
    ///
    /// A target, action or `primaryAction` set *after* this displaces OnKit until the next
    /// `on.tap`, which takes the slot back and calls the new action first (the one before it is
    /// no longer called). An item whose tap only showed its `menu` shows it on a long press once
    /// it has a tap action, as UIKit does for every item with both. The previous action gets the
    /// item and the event, as from UIKit; a cleared `primaryAction` leaves the item disabled,
    /// hidden or selected if the action made it so.
    ///
    /// An item made with `init(customView:)` never fires: UIKit hands its touches to the custom
    /// view and sends no action. Subscribe to that view instead (`button.on.tap` for a `UIButton`).
    @MainActor public var tap: ReadOnlyEvent<Base, Void> {
        let item: UIBarButtonItem = base
        let target = On<UIBarButtonItem>(item)[UIBarButtonItemKeys.target]
        target.take(item)
        return target.slot.event.readOnly.sent(as: Base.self)
    }
}

/// Where a bar button item's target is stored (the item holds its target weakly).
enum UIBarButtonItemKeys {
    static let target = AssociationKey<BarButtonItemTarget>(
        "UIBarButtonItem.target", default: BarButtonItemTarget()
    )
}
#endif
