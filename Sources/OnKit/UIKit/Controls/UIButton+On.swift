#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

extension On where Base: UIButton {
    /// The button was tapped (its primary action triggered): `button.on.tap { button in … }`.
    ///
    /// ```swift
    /// signUpButton.on.tap(owner: self) { controller, button in
    ///     controller.submit()
    /// }
    /// ```
    ///
    /// This is `.primaryActionTriggered`, not `.touchUpInside`: a UIButton sends it for a tap,
    /// and also when it is activated without a touch (the keyboard, a pointer, VoiceOver, Mac
    /// Catalyst), which `.touchUpInside` misses. It is the event `UIButton(primaryAction:)` and
    /// `addAction(_:for: .primaryActionTriggered)` use. For the raw touch, use
    /// `on.event(.touchUpInside)`.
    @MainActor public var tap: ReadOnlyEvent<Base, Void> { event(.primaryActionTriggered) }
}
#endif
