#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// `NSGestureRecognizerDelegate` as OnKit decisions (the action is `on.action`, as on every
/// `TargetActionHost`): `click.on.shouldBegin { click in … }`.
///
/// OnKit installs its proxy as the delegate on the first `on.` call and follows every adapter's
/// rules (<doc:Semantics>, "Delegate adapters"). The proxy claims a method only while it has
/// handlers or the recognizer's own delegate has it; with nobody to answer, AppKit's default.
@MainActor
extension On where Base: NSGestureRecognizer {
    /// Whether the recognizer may begin recognizing: `false` makes it fail.
    /// All must allow (`Decision.all()`), the recognizer's own delegate first; `true` when nobody
    /// answers: `pan.on.shouldBegin { pan in !isLocked }`.
    public var shouldBegin: ReadOnlyDecision<Base, Void, Bool> { callback(\.shouldBegin) }

    /// Whether the recognizer takes part in the event stream that `event` starts; all must allow
    /// (`true` when nobody answers): `click.on.shouldAttemptToRecognize { click, event in !event.modifierFlags.contains(.option) }`.
    public var shouldAttemptToRecognize: ReadOnlyDecision<Base, NSEvent, Bool> { callback(\.shouldAttemptToRecognize) }

    /// Whether the recognizer may recognize at the same time as `other`. Any may allow
    /// (`Decision.any()`), the recognizer's own delegate first, stopping at the first `true`;
    /// `false` when nobody answers: `magnify.on.shouldRecognizeSimultaneously { magnify, other in other is NSRotationGestureRecognizer }`.
    public var shouldRecognizeSimultaneously: ReadOnlyDecision<Base, NSGestureRecognizer, Bool> {
        callback(\.shouldRecognizeSimultaneously)
    }

    /// Whether the recognizer must wait for `other` to fail. Any may require it (`Decision.any()`),
    /// `false` when nobody answers: `singleClick.on.shouldRequireFailure { click, other in other === doubleClick }`.
    public var shouldRequireFailure: ReadOnlyDecision<Base, NSGestureRecognizer, Bool> { callback(\.shouldRequireFailure) }

    /// Whether `other` must wait for this recognizer to fail. Any may require it (`Decision.any()`),
    /// `false` when nobody answers: `doubleClick.on.shouldBeRequiredToFail { click, other in other === singleClick }`.
    public var shouldBeRequiredToFail: ReadOnlyDecision<Base, NSGestureRecognizer, Bool> {
        callback(\.shouldBeRequiredToFail)
    }

    /// Whether the recognizer gets `touch` (a trackpad touch, for recognizers that handle
    /// touches); all must allow, `true` when nobody answers:
    /// `pan.on.shouldReceiveTouch { pan, touch in touch.type == .direct }`.
    public var shouldReceiveTouch: ReadOnlyDecision<Base, NSTouch, Bool> { callback(\.shouldReceiveTouch) }
}

extension NSGestureRecognizer: DelegateProxyHost { typealias OnKitDelegateProxy = GestureRecognizerDelegateProxy }
#endif
