#if canImport(UIKit)
import UIKit

/// A control whose value the user changes, reported by its `.valueChanged` actions: the eight
/// UIKit controls below conform, and so may a custom control of yours.
public protocol ValueChangingControl: UIControl {}

extension UISwitch: ValueChangingControl {}
extension UISlider: ValueChangingControl {}
extension UIStepper: ValueChangingControl {}
extension UISegmentedControl: ValueChangingControl {}
extension UIDatePicker: ValueChangingControl {}
extension UIPageControl: ValueChangingControl {}
extension UIColorWell: ValueChangingControl {}
extension UIRefreshControl: ValueChangingControl {}

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
