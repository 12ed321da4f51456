#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

extension On where Base: UIControl {
    /// The control's actions for `events` (any `UIControl.Event` mask), as an event whose sender
    /// is the control, typed.
    ///
    /// ```swift
    /// slider.on.event(.valueChanged) { slider in label.text = "\(slider.value)" }
    /// let changes = slider.on.event([.touchUpInside, .touchUpOutside])
    /// let subscription = changes += { slider, _ in save(slider.value) }
    /// changes -= subscription
    /// ```
    ///
    /// Any number of handlers, each removable; they run on the main actor, in the order they
    /// were added. OnKit adds one target of its own per control and mask, once, and relays to
    /// the handlers: targets the app added itself are never removed or replaced, and run in the
    /// order UIKit keeps (the order they were added). If the app removes every target of the
    /// mask (`removeTarget(nil, action: nil, for:)`), OnKit's goes too; the next `on.…` for that
    /// mask (`on.event`, `on.tap`, `on.valueChanged`, …) adds it back. The target and the handlers
    /// go when the control goes.
    @MainActor public func event(_ events: UIControl.Event) -> ReadOnlyEvent<Base, Void> {
        let control: UIControl = base
        return On<UIControl>(control)[UIControlKeys.targets].event(
            for: events.rawValue,
            on: control,
            make: { ActionTarget(relay: $0) },
            isAdded: { control.allTargets.contains($0) },
            add: { control.addTarget($0, action: #selector(ActionTarget.fire), for: events) }
        ).readOnly.sent(as: Base.self)
    }

    /// Adds `handler` for the control's actions for `events`: `event(events)` then a handler,
    /// since a trailing closure belongs to the call it follows.
    ///
    /// ```swift
    /// control.on.event(.valueChanged) { control in print(control.isSelected) }
    /// ```
    @discardableResult @MainActor
    public func event(
        _ events: UIControl.Event,
        _ handler: @escaping @MainActor @Sendable (Base) -> Void
    ) -> EventSubscription {
        event(events)(handler)
    }

    /// Adds a handler bound to `owner` (held weakly, handed back) for the control's actions for
    /// `events`.
    ///
    /// ```swift
    /// control.on.event(.valueChanged, owner: self) { controller, control in
    ///     controller.refresh()
    /// }
    /// ```
    @discardableResult @MainActor
    public func event<Owner: AnyObject & Sendable>(
        _ events: UIControl.Event,
        owner: Owner,
        _ handler: @escaping @MainActor @Sendable (Owner, Base) -> Void
    ) -> EventSubscription {
        event(events)(owner: owner, handler)
    }

    // The rest of `event(_:)`'s shapes, one overload each (a trailing closure on a method call
    // never reaches the event's `callAsFunction`).

    /// Adds `handler`, which gets nothing, for the control's actions for `events`:
    /// `control.on.event(.valueChanged) { print("changed") }`.
    @discardableResult @MainActor
    public func event(_ events: UIControl.Event, _ handler: @escaping @MainActor @Sendable () -> Void) -> EventSubscription {
        event(events)(handler)
    }

    /// Adds `handler`, which gets the control and the (empty) arguments, for the control's
    /// actions for `events`.
    @discardableResult @MainActor
    public func event(_ events: UIControl.Event, _ handler: @escaping @MainActor @Sendable (Base, Void) -> Void) -> EventSubscription {
        event(events)(handler)
    }

    /// Adds a handler bound to `owner` that gets only the owner, for the control's actions for
    /// `events`: `control.on.event(.valueChanged, owner: self) { controller in controller.refresh() }`.
    @discardableResult @MainActor
    public func event<Owner: AnyObject & Sendable>(
        _ events: UIControl.Event, owner: Owner, _ handler: @escaping @MainActor @Sendable (Owner) -> Void
    ) -> EventSubscription {
        event(events)(owner: owner, handler)
    }

    /// Adds a handler bound to `owner` that gets the owner, the control and the (empty)
    /// arguments, for the control's actions for `events`.
    @discardableResult @MainActor
    public func event<Owner: AnyObject & Sendable>(
        _ events: UIControl.Event, owner: Owner, _ handler: @escaping @MainActor @Sendable (Owner, Base, Void) -> Void
    ) -> EventSubscription {
        event(events)(owner: owner, handler)
    }
}

/// Where a control's targets are stored.
enum UIControlKeys {
    static let targets = AssociationKey<ActionTargets<UIControl, UInt, ActionTarget>>(
        "UIControl.actionTargets", default: ActionTargets()
    )
}
#endif
