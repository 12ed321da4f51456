#if canImport(UIKit)
import UIKit

// `on.valueChanged`: the control's `.valueChanged` actions, on the controls whose value the user
// changes. The handler reads the new value from the control, which it gets typed.

extension On where Base: UISwitch {
    /// The switch was flipped: `toggle.on.valueChanged { toggle in print(toggle.isOn) }`.
    @MainActor public var valueChanged: ReadOnlyEvent<Base, Void> { event(.valueChanged) }
}

extension On where Base: UISlider {
    /// The slider moved: `slider.on.valueChanged { slider in print(slider.value) }`.
    @MainActor public var valueChanged: ReadOnlyEvent<Base, Void> { event(.valueChanged) }
}

extension On where Base: UIStepper {
    /// The stepper stepped: `stepper.on.valueChanged { stepper in print(stepper.value) }`.
    @MainActor public var valueChanged: ReadOnlyEvent<Base, Void> { event(.valueChanged) }
}

extension On where Base: UISegmentedControl {
    /// Another segment was selected:
    /// `segments.on.valueChanged { segments in print(segments.selectedSegmentIndex) }`.
    @MainActor public var valueChanged: ReadOnlyEvent<Base, Void> { event(.valueChanged) }
}

extension On where Base: UIDatePicker {
    /// Another date was picked: `picker.on.valueChanged { picker in print(picker.date) }`.
    @MainActor public var valueChanged: ReadOnlyEvent<Base, Void> { event(.valueChanged) }
}

extension On where Base: UIPageControl {
    /// Another page was chosen: `pages.on.valueChanged { pages in print(pages.currentPage) }`.
    @MainActor public var valueChanged: ReadOnlyEvent<Base, Void> { event(.valueChanged) }
}

extension On where Base: UIColorWell {
    /// Another color was picked: `well.on.valueChanged { well in print(well.selectedColor) }`.
    @MainActor public var valueChanged: ReadOnlyEvent<Base, Void> { event(.valueChanged) }
}

extension On where Base: UIRefreshControl {
    /// The user pulled to refresh (call `endRefreshing()` when done):
    /// `refresh.on.valueChanged { refresh in reload { refresh.endRefreshing() } }`.
    @MainActor public var valueChanged: ReadOnlyEvent<Base, Void> { event(.valueChanged) }
}
#endif
