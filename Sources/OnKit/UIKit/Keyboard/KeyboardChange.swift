#if canImport(UIKit) && (os(iOS) || os(visionOS))  // the keyboard notifications: API_UNAVAILABLE(tvos, watchos)
import UIKit

/// What a keyboard notification says (`keyboardWillShow`, `keyboardWillHide`,
/// `keyboardWillChangeFrame`): the keyboard's frames before and after, and the animation that
/// moves it, read from the notification's `userInfo`.
///
/// The frames are in the screen's coordinates: convert them from its `coordinateSpace` with
/// the view's `convert(_:from:)`. The curve UIKit uses for the keyboard is one
/// `UIView.AnimationCurve` names no case for: animate with `animationOptions`, which carries it.
public struct KeyboardChange: NamedFields, Sendable, Equatable {
    /// The keyboard's frame when the change begins (`UIResponder.keyboardFrameBeginUserInfoKey`).
    public var beginFrame: CGRect
    /// The keyboard's frame when the change ends (`UIResponder.keyboardFrameEndUserInfoKey`).
    public var endFrame: CGRect
    /// How long the keyboard's animation takes, in seconds; `0` when not animated.
    public var duration: TimeInterval
    /// The keyboard's animation curve (`UIResponder.keyboardAnimationCurveUserInfoKey`).
    public var curve: UIView.AnimationCurve

    /// Reads `notification`'s `userInfo`; a missing key reads as `.zero`, `0` or `.easeInOut`.
    public init(_ notification: Notification) {
        let info = notification.userInfo
        beginFrame = (info?[UIResponder.keyboardFrameBeginUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
        endFrame = (info?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
        duration = (info?[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?.doubleValue ?? 0
        let rawCurve = (info?[UIResponder.keyboardAnimationCurveUserInfoKey] as? NSNumber)?.intValue
        // An imported C enum keeps any raw value, the keyboard's private curve (7) included.
        curve = rawCurve.flatMap(UIView.AnimationCurve.init(rawValue:)) ?? .easeInOut
    }

    /// The curve as animation options, for `UIView.animate(withDuration:delay:options:animations:)`
    /// with `duration`.
    public var animationOptions: UIView.AnimationOptions {
        // UIView.h: the option's curve occupies bits 16 and up (`UIViewAnimationOptionCurve…`).
        UIView.AnimationOptions(rawValue: UInt(curve.rawValue) << 16)
    }
}
#endif
