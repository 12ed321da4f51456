#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// A control whose value the user changes, reported by its `.valueChanged` actions: the eight
/// UIKit controls below conform (on tvOS only `UISegmentedControl` and `UIPageControl`, the others
/// being iOS and visionOS only), and so may a custom control of yours.
public protocol ValueChangingControl: UIControl {}

extension UISegmentedControl: ValueChangingControl {}
extension UIPageControl: ValueChangingControl {}
#if os(iOS) || os(visionOS)  // API_UNAVAILABLE(tvos, watchos) in the iOS 18.6 headers
extension UISwitch: ValueChangingControl {}
extension UISlider: ValueChangingControl {}
extension UIStepper: ValueChangingControl {}
extension UIDatePicker: ValueChangingControl {}
extension UIColorWell: ValueChangingControl {}
extension UIRefreshControl: ValueChangingControl {}
#endif

extension On where Base: ValueChangingControl {
    /// The control's value changed (`.valueChanged`); the handler reads it from the control,
    /// which it gets typed.
    ///
    /// ```swift
    /// toggle.on.valueChanged { toggle in print(toggle.isOn) }
    /// slider.on.valueChanged { slider in print(slider.value) }
    /// refresh.on.valueChanged { refresh in reload { refresh.endRefreshing() } }
    /// ```
    @MainActor public var valueChanged: ReadOnlyEvent<Base, Void> { event(.valueChanged) }
}
#endif
