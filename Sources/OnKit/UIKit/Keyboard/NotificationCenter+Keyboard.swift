#if canImport(UIKit) && (os(iOS) || os(visionOS))  // the keyboard notifications: API_UNAVAILABLE(tvos, watchos)
import UIKit

// The keyboard's notifications, typed: `center.on.keyboardWillShow { keyboard in … }` gets a
// `KeyboardChange` instead of a `Notification` whose `userInfo` must be read by hand. Each call
// is one `notification(_:)` observer (see there for delivery and lifetime); the shape rule holds:
// one parameter is the change, two are the center and the change.

extension On where Base == NotificationCenter {
    /// The keyboard is about to appear (`UIResponder.keyboardWillShowNotification`):
    /// `center.on.keyboardWillShow { keyboard in print(keyboard.endFrame) }`. Handlers run on the
    /// posting thread, the main thread for UIKit's posts; with main-actor state, use
    /// `keyboardWillShow(on: MainActor.self)`.
    @discardableResult
    public func keyboardWillShow(_ handler: @escaping @Sendable (KeyboardChange) -> Void) -> EventSubscription {
        keyboard(UIResponder.keyboardWillShowNotification) { _, keyboard in handler(keyboard) }
    }

    /// `keyboardWillShow` with the center first:
    /// `center.on.keyboardWillShow { center, keyboard in print(keyboard.duration) }`.
    @discardableResult
    public func keyboardWillShow(
        _ handler: @escaping @Sendable (NotificationCenter, KeyboardChange) -> Void
    ) -> EventSubscription {
        keyboard(UIResponder.keyboardWillShowNotification, handler)
    }

    /// `keyboardWillShow` on the main actor, so the handler may touch views (see
    /// `notification(_:object:on:_:)`):
    /// `center.on.keyboardWillShow(on: MainActor.self) { keyboard in self.inset = keyboard.endFrame.height }`.
    @discardableResult
    public func keyboardWillShow(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (KeyboardChange) -> Void
    ) -> EventSubscription {
        keyboard(UIResponder.keyboardWillShowNotification, onMainQueue { _, keyboard in handler(keyboard) })
    }

    /// `keyboardWillShow(on: MainActor.self)` with the center first:
    /// `center.on.keyboardWillShow(on: MainActor.self) { center, keyboard in self.inset = keyboard.endFrame.height }`.
    @discardableResult
    public func keyboardWillShow(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (NotificationCenter, KeyboardChange) -> Void
    ) -> EventSubscription {
        keyboard(UIResponder.keyboardWillShowNotification, onMainQueue(handler))
    }

    /// The keyboard is about to disappear (`UIResponder.keyboardWillHideNotification`):
    /// `center.on.keyboardWillHide { keyboard in print(keyboard.duration) }`.
    @discardableResult
    public func keyboardWillHide(_ handler: @escaping @Sendable (KeyboardChange) -> Void) -> EventSubscription {
        keyboard(UIResponder.keyboardWillHideNotification) { _, keyboard in handler(keyboard) }
    }

    /// `keyboardWillHide` with the center first:
    /// `center.on.keyboardWillHide { center, keyboard in print(keyboard.duration) }`.
    @discardableResult
    public func keyboardWillHide(
        _ handler: @escaping @Sendable (NotificationCenter, KeyboardChange) -> Void
    ) -> EventSubscription {
        keyboard(UIResponder.keyboardWillHideNotification, handler)
    }

    /// `keyboardWillHide` on the main actor:
    /// `center.on.keyboardWillHide(on: MainActor.self) { keyboard in self.inset = 0 }`.
    @discardableResult
    public func keyboardWillHide(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (KeyboardChange) -> Void
    ) -> EventSubscription {
        keyboard(UIResponder.keyboardWillHideNotification, onMainQueue { _, keyboard in handler(keyboard) })
    }

    /// `keyboardWillHide(on: MainActor.self)` with the center first:
    /// `center.on.keyboardWillHide(on: MainActor.self) { center, keyboard in self.inset = 0 }`.
    @discardableResult
    public func keyboardWillHide(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (NotificationCenter, KeyboardChange) -> Void
    ) -> EventSubscription {
        keyboard(UIResponder.keyboardWillHideNotification, onMainQueue(handler))
    }

    /// The keyboard's frame is about to change: it appears, disappears, or changes size
    /// (`UIResponder.keyboardWillChangeFrameNotification`):
    /// `center.on.keyboardWillChangeFrame { keyboard in print(keyboard.endFrame) }`.
    @discardableResult
    public func keyboardWillChangeFrame(_ handler: @escaping @Sendable (KeyboardChange) -> Void) -> EventSubscription {
        keyboard(UIResponder.keyboardWillChangeFrameNotification) { _, keyboard in handler(keyboard) }
    }

    /// `keyboardWillChangeFrame` with the center first:
    /// `center.on.keyboardWillChangeFrame { center, keyboard in print(keyboard.endFrame) }`.
    @discardableResult
    public func keyboardWillChangeFrame(
        _ handler: @escaping @Sendable (NotificationCenter, KeyboardChange) -> Void
    ) -> EventSubscription {
        keyboard(UIResponder.keyboardWillChangeFrameNotification, handler)
    }

    /// `keyboardWillChangeFrame` on the main actor:
    /// `center.on.keyboardWillChangeFrame(on: MainActor.self) { keyboard in self.inset = keyboard.endFrame.height }`.
    @discardableResult
    public func keyboardWillChangeFrame(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (KeyboardChange) -> Void
    ) -> EventSubscription {
        keyboard(UIResponder.keyboardWillChangeFrameNotification, onMainQueue { _, keyboard in handler(keyboard) })
    }

    /// `keyboardWillChangeFrame(on: MainActor.self)` with the center first:
    /// `center.on.keyboardWillChangeFrame(on: MainActor.self) { center, keyboard in self.inset = keyboard.endFrame.height }`.
    @discardableResult
    public func keyboardWillChangeFrame(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (NotificationCenter, KeyboardChange) -> Void
    ) -> EventSubscription {
        keyboard(UIResponder.keyboardWillChangeFrameNotification, onMainQueue(handler))
    }

    /// One observer of `name`, each post read as a `KeyboardChange` where it is posted.
    private func keyboard(
        _ name: Notification.Name, _ handler: @escaping @Sendable (NotificationCenter, KeyboardChange) -> Void
    ) -> EventSubscription {
        notification(name) { center, notification in handler(center, KeyboardChange(notification)) }
    }
}
#endif
