#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// A control whose value the user changes, reported by its action: the seven AppKit controls
/// below conform, and so may a custom control of yours.
public protocol ValueChangingControl: NSControl {}

extension NSSlider: ValueChangingControl {}
extension NSStepper: ValueChangingControl {}
extension NSSegmentedControl: ValueChangingControl {}
extension NSPopUpButton: ValueChangingControl {}
extension NSColorWell: ValueChangingControl {}
extension NSDatePicker: ValueChangingControl {}
extension NSSwitch: ValueChangingControl {}

extension On where Base: ValueChangingControl {
    /// The control's value changed; the handler reads it from the control, which it gets typed.
    ///
    /// ```swift
    /// darkMode.on.valueChanged { toggle in print(toggle.state == .on) }
    /// fontSize.on.valueChanged { stepper in print(stepper.integerValue) }
    /// ```
    ///
    /// An AppKit control reports a change through its one action (a slider while dragging only
    /// if `isContinuous`), so this is `on.action` under the name it has on iOS.
    @MainActor public var valueChanged: ReadOnlyEvent<Base, Void> { action }
}
#endif
