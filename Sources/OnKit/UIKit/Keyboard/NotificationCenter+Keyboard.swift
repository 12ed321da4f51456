#if canImport(UIKit) && (os(iOS) || os(visionOS))  // the keyboard notifications: API_UNAVAILABLE(tvos, watchos)
import UIKit

// The keyboard's notifications, typed: `center.on.keyboardWillShow` is an event of
// `KeyboardChange`, instead of a `Notification` whose `userInfo` must be read by hand, and takes
// the whole surface (the four shapes, `owner:`, `once`, `+=`, `values`). Each access is one
// `notification(_:)` observer while it has handlers (see there for delivery and lifetime).
// `(on: MainActor.self)` gives the same event on the main actor, a `MainActorEvent`, whose
// handlers may touch views. The center outlives every screen, so a plain registration is not
// discardable (`LongLivedSender`): store it, or use an `owner:` form.
//
// The `(on:_:)` methods take a trailing closure directly: a trailing closure on a method call
// never reaches `callAsFunction` on the event `(on:)` returns.

extension On where Base == NotificationCenter {
    /// The keyboard is about to appear (`UIResponder.keyboardWillShowNotification`), as an event: handlers get the
    /// `KeyboardChange` on the posting thread, the main thread for UIKit's posts:
    /// `let showing = center.on.keyboardWillShow { keyboard in print(keyboard.endFrame) }`. For main-actor state, use `keyboardWillShow(on: MainActor.self)`.
    public var keyboardWillShow: ReadOnlyEvent<NotificationCenter, KeyboardChange> {
        keyboard(UIResponder.keyboardWillShowNotification, queue: nil)
    }

    /// `keyboardWillShow` on the main actor, so that handlers may touch views:
    /// `keyboardWillShow(on: MainActor.self).subscribe(owner: self) { screen, keyboard in screen.bottomInset = keyboard.endFrame.height }`.
    public func keyboardWillShow(on _: MainActor.Type) -> MainActorEvent<NotificationCenter, KeyboardChange> {
        MainActorEvent(mainQueueEvent: keyboard(UIResponder.keyboardWillShowNotification, queue: .main))
    }

    /// Adds `handler`, which gets the change, to `keyboardWillShow(on: MainActor.self)`.
    public func keyboardWillShow(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (KeyboardChange) -> Void
    ) -> EventSubscription { keyboardWillShow(on: MainActor.self).subscribe(handler) }

    /// Adds `handler`, which gets the center and the change, to `keyboardWillShow(on: MainActor.self)`.
    public func keyboardWillShow(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (NotificationCenter, KeyboardChange) -> Void
    ) -> EventSubscription { keyboardWillShow(on: MainActor.self).subscribe(handler) }

    /// Adds `handler`, which gets nothing, to `keyboardWillShow(on: MainActor.self)`.
    public func keyboardWillShow(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable () -> Void
    ) -> EventSubscription { keyboardWillShow(on: MainActor.self).subscribe(handler) }

    /// The keyboard is about to disappear (`UIResponder.keyboardWillHideNotification`), as an event: handlers get the
    /// `KeyboardChange` on the posting thread, the main thread for UIKit's posts:
    /// `let hiding = center.on.keyboardWillHide { keyboard in print(keyboard.duration) }`. For main-actor state, use `keyboardWillHide(on: MainActor.self)`.
    public var keyboardWillHide: ReadOnlyEvent<NotificationCenter, KeyboardChange> {
        keyboard(UIResponder.keyboardWillHideNotification, queue: nil)
    }

    /// `keyboardWillHide` on the main actor, so that handlers may touch views:
    /// `keyboardWillHide(on: MainActor.self).subscribe(owner: self) { screen, keyboard in screen.bottomInset = 0 }`.
    public func keyboardWillHide(on _: MainActor.Type) -> MainActorEvent<NotificationCenter, KeyboardChange> {
        MainActorEvent(mainQueueEvent: keyboard(UIResponder.keyboardWillHideNotification, queue: .main))
    }

    /// Adds `handler`, which gets the change, to `keyboardWillHide(on: MainActor.self)`.
    public func keyboardWillHide(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (KeyboardChange) -> Void
    ) -> EventSubscription { keyboardWillHide(on: MainActor.self).subscribe(handler) }

    /// Adds `handler`, which gets the center and the change, to `keyboardWillHide(on: MainActor.self)`.
    public func keyboardWillHide(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (NotificationCenter, KeyboardChange) -> Void
    ) -> EventSubscription { keyboardWillHide(on: MainActor.self).subscribe(handler) }

    /// Adds `handler`, which gets nothing, to `keyboardWillHide(on: MainActor.self)`.
    public func keyboardWillHide(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable () -> Void
    ) -> EventSubscription { keyboardWillHide(on: MainActor.self).subscribe(handler) }

    /// The keyboard's frame is about to change: it appears, disappears, or changes size (`UIResponder.keyboardWillChangeFrameNotification`), as an event: handlers get the
    /// `KeyboardChange` on the posting thread, the main thread for UIKit's posts:
    /// `let following = center.on.keyboardWillChangeFrame { keyboard in print(keyboard.endFrame) }`. For main-actor state, use `keyboardWillChangeFrame(on: MainActor.self)`.
    public var keyboardWillChangeFrame: ReadOnlyEvent<NotificationCenter, KeyboardChange> {
        keyboard(UIResponder.keyboardWillChangeFrameNotification, queue: nil)
    }

    /// `keyboardWillChangeFrame` on the main actor, so that handlers may touch views:
    /// `keyboardWillChangeFrame(on: MainActor.self).subscribe(owner: self) { screen, keyboard in screen.bottomInset = keyboard.endFrame.height }`.
    public func keyboardWillChangeFrame(on _: MainActor.Type) -> MainActorEvent<NotificationCenter, KeyboardChange> {
        MainActorEvent(mainQueueEvent: keyboard(UIResponder.keyboardWillChangeFrameNotification, queue: .main))
    }

    /// Adds `handler`, which gets the change, to `keyboardWillChangeFrame(on: MainActor.self)`.
    public func keyboardWillChangeFrame(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (KeyboardChange) -> Void
    ) -> EventSubscription { keyboardWillChangeFrame(on: MainActor.self).subscribe(handler) }

    /// Adds `handler`, which gets the center and the change, to `keyboardWillChangeFrame(on: MainActor.self)`.
    public func keyboardWillChangeFrame(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (NotificationCenter, KeyboardChange) -> Void
    ) -> EventSubscription { keyboardWillChangeFrame(on: MainActor.self).subscribe(handler) }

    /// Adds `handler`, which gets nothing, to `keyboardWillChangeFrame(on: MainActor.self)`.
    public func keyboardWillChangeFrame(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable () -> Void
    ) -> EventSubscription { keyboardWillChangeFrame(on: MainActor.self).subscribe(handler) }

    /// One observer of `name` while it has handlers, each post read as a `KeyboardChange` where
    /// it is posted, and handed to `queue`.
    private func keyboard(_ name: Notification.Name, queue: OperationQueue?) -> ReadOnlyEvent<NotificationCenter, KeyboardChange> {
        NotificationObservation.source(base, name: name, object: nil, queue: queue, reading: KeyboardChangeReading.self).face
    }
}

/// A keyboard notification read as its `KeyboardChange`.
private enum KeyboardChangeReading: NotificationReading {
    static func read(_ notification: Notification) -> KeyboardChange { KeyboardChange(notification) }
}
#endif
