#if canImport(UIKit) && os(tvOS)
import UIKit

// tvOS has no keyboard notifications (`API_UNAVAILABLE(tvos)`). The members are declared here
// unavailable, with what to use instead, so that iOS code built for tvOS fails with that rather
// than with "value of type 'On<NotificationCenter>' has no member 'keyboardWillShow'", which
// reads like a typo. Nothing here can be called.

/// Unavailable on tvOS: what a keyboard notification says, on iOS and visionOS.
@available(tvOS, unavailable, message: "tvOS has no keyboard notifications: its keyboard takes the whole screen, so nothing needs to move out of its way")
public struct KeyboardChange: Sendable, Equatable {}

@available(tvOS, unavailable, message: "tvOS has no keyboard notifications: its keyboard takes the whole screen, so nothing needs to move out of its way")
extension On where Base == NotificationCenter {
    /// Unavailable on tvOS: the keyboard is about to appear, on iOS and visionOS.
    public var keyboardWillShow: ReadOnlyEvent<NotificationCenter, KeyboardChange> { .finished }

    /// Unavailable on tvOS: `keyboardWillShow` on the main actor, on iOS and visionOS.
    public func keyboardWillShow(on _: MainActor.Type) -> MainActorEvent<NotificationCenter, KeyboardChange> {
        MainActorEvent(mainQueueEvent: .finished)
    }

    /// Unavailable on tvOS: a handler of `keyboardWillShow(on: MainActor.self)`, on iOS and visionOS.
    public func keyboardWillShow(on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (KeyboardChange) -> Void) -> EventSubscription {
        keyboardWillShow(on: MainActor.self).subscribe(handler)
    }

    /// Unavailable on tvOS: a handler of `keyboardWillShow(on: MainActor.self)`, on iOS and visionOS.
    public func keyboardWillShow(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (NotificationCenter, KeyboardChange) -> Void
    ) -> EventSubscription { keyboardWillShow(on: MainActor.self).subscribe(handler) }

    /// Unavailable on tvOS: a handler of `keyboardWillShow(on: MainActor.self)`, on iOS and visionOS.
    public func keyboardWillShow(on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable () -> Void) -> EventSubscription {
        keyboardWillShow(on: MainActor.self).subscribe(handler)
    }

    /// Unavailable on tvOS: the keyboard is about to disappear, on iOS and visionOS.
    public var keyboardWillHide: ReadOnlyEvent<NotificationCenter, KeyboardChange> { .finished }

    /// Unavailable on tvOS: `keyboardWillHide` on the main actor, on iOS and visionOS.
    public func keyboardWillHide(on _: MainActor.Type) -> MainActorEvent<NotificationCenter, KeyboardChange> {
        MainActorEvent(mainQueueEvent: .finished)
    }

    /// Unavailable on tvOS: a handler of `keyboardWillHide(on: MainActor.self)`, on iOS and visionOS.
    public func keyboardWillHide(on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (KeyboardChange) -> Void) -> EventSubscription {
        keyboardWillHide(on: MainActor.self).subscribe(handler)
    }

    /// Unavailable on tvOS: a handler of `keyboardWillHide(on: MainActor.self)`, on iOS and visionOS.
    public func keyboardWillHide(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (NotificationCenter, KeyboardChange) -> Void
    ) -> EventSubscription { keyboardWillHide(on: MainActor.self).subscribe(handler) }

    /// Unavailable on tvOS: a handler of `keyboardWillHide(on: MainActor.self)`, on iOS and visionOS.
    public func keyboardWillHide(on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable () -> Void) -> EventSubscription {
        keyboardWillHide(on: MainActor.self).subscribe(handler)
    }

    /// Unavailable on tvOS: the keyboard's frame is about to change, on iOS and visionOS.
    public var keyboardWillChangeFrame: ReadOnlyEvent<NotificationCenter, KeyboardChange> { .finished }

    /// Unavailable on tvOS: `keyboardWillChangeFrame` on the main actor, on iOS and visionOS.
    public func keyboardWillChangeFrame(on _: MainActor.Type) -> MainActorEvent<NotificationCenter, KeyboardChange> {
        MainActorEvent(mainQueueEvent: .finished)
    }

    /// Unavailable on tvOS: a handler of `keyboardWillChangeFrame(on: MainActor.self)`, on iOS and visionOS.
    public func keyboardWillChangeFrame(on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (KeyboardChange) -> Void) -> EventSubscription {
        keyboardWillChangeFrame(on: MainActor.self).subscribe(handler)
    }

    /// Unavailable on tvOS: a handler of `keyboardWillChangeFrame(on: MainActor.self)`, on iOS and visionOS.
    public func keyboardWillChangeFrame(
        on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (NotificationCenter, KeyboardChange) -> Void
    ) -> EventSubscription { keyboardWillChangeFrame(on: MainActor.self).subscribe(handler) }

    /// Unavailable on tvOS: a handler of `keyboardWillChangeFrame(on: MainActor.self)`, on iOS and visionOS.
    public func keyboardWillChangeFrame(on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable () -> Void) -> EventSubscription {
        keyboardWillChangeFrame(on: MainActor.self).subscribe(handler)
    }
}
#endif
