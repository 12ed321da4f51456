#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

extension On where Base: TargetActionHost {
    /// The object's action, with the sender typed by its class: `slider.on.action { slider in … }`,
    /// on every control, menu item, toolbar item and gesture recognizer.
    ///
    /// ```swift
    /// volumeSlider.on.action(owner: self) { controller, slider in
    ///     controller.volume = slider.doubleValue
    /// }
    /// ```
    ///
    /// Any number of handlers, each removable; they run on the main actor, in the order they were
    /// added. An AppKit object has one target and one action, so OnKit takes that slot, once, and
    /// calls what was there first, on every action, then the handlers: the app's own target and
    /// action (a `nil` target sends it up the responder chain, as AppKit does). A target or
    /// action set *after* this displaces OnKit until the next `on.…` call on the object, which
    /// takes the slot back and calls the new action first (the one before it is no longer
    /// called). Set a new target and action together: an action set alone while OnKit holds the
    /// slot is sent to OnKit's target, which does not know it.
    ///
    /// The handlers and OnKit's target go when the object goes; nothing keeps the object alive.
    @MainActor public var action: ReadOnlyEvent<Base, Void> {
        slotTarget().slot.event.readOnly.sent(as: Base.self)
    }
}
#endif
