#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Combine
import OnKit

/// Type-checked for macOS by `apple-typecheck --platform macos` (never compiled on Linux, which
/// has no AppKit): a preferences window written as a Mac app would write it, with OnKit's
/// target-action and delegate API. The README's AppKit snippets are copied from here and from
/// `TaskListViewController`.
final class PreferencesWindowController: NSWindowController {
    private let nameField = NSTextField(string: "")
    private let searchField = NSSearchField()
    private let darkModeSwitch = NSSwitch()
    private let fontSizeStepper = NSStepper()
    private let fontSizeLabel = NSTextField(labelWithString: "12")
    private let volumeSlider = NSSlider(value: 0.5, minValue: 0, maxValue: 1, target: nil, action: nil)
    private let themePopUp = NSPopUpButton()
    private let accentWell = NSColorWell()
    private let reminderPicker = NSDatePicker()
    private let unitsControl = NSSegmentedControl(labels: ["°C", "°F"], trackingMode: .selectOne, target: nil, action: nil)
    private let saveButton = NSButton(title: "Save", target: nil, action: nil)
    private let revertButton = NSButton(title: "Revert", target: nil, action: nil)
    private let resetItem = NSMenuItem(title: "Reset Preferences", action: nil, keyEquivalent: "")
    private let swatch = NSView()

    private var name = ""
    private var hasUnsavedChanges = false
    private var volume = 0.5
    private var cancellables = Set<AnyCancellable>()

    convenience init() {
        let window = NSWindow(
            contentRect: NSRect(x: 0, y: 0, width: 480, height: 320),
            styleMask: [.titled, .closable, .miniaturizable, .resizable],
            backing: .buffered,
            defer: true
        )
        window.title = "Preferences"
        self.init(window: window)
        themePopUp.addItems(withTitles: ["Light", "Dark", "System"])
        let stack = NSStackView(views: [
            nameField, searchField, darkModeSwitch, fontSizeStepper, fontSizeLabel, volumeSlider,
            themePopUp, accentWell, reminderPicker, unitsControl, saveButton, revertButton, swatch,
        ])
        stack.orientation = .vertical
        window.contentView = stack
        bindControls()
        bindWindow()
        bindMenu()
    }

    private func bindControls() {
        // A button the app wired itself keeps working: OnKit calls its action first.
        revertButton.target = self
        revertButton.action = #selector(revert(_:))
        revertButton.on.tap { button in button.isEnabled = false }

saveButton.on.tap(owner: self) { controller, button in
    button.isEnabled = false
    controller.save()
}

        nameField.on.textChanged(owner: self) { controller, _, text in
            controller.name = text
            controller.hasUnsavedChanges = true
        }
        nameField.on.shouldEndEditing { field in !field.stringValue.isEmpty }
        nameField.on.didEndEditing(owner: self) { controller, _, movement in
            if movement == .return { controller.save() }
        }

searchField.on.doCommand { field, selector in
    guard selector == #selector(NSResponder.cancelOperation(_:)) else { return false }
    field.stringValue = ""
    return true
}

        darkModeSwitch.on.valueChanged { toggle in
            NSApp.appearance = NSAppearance(named: toggle.state == .on ? .darkAqua : .aqua)
        }
        fontSizeStepper.on.valueChanged(owner: self) { controller, stepper in
            controller.fontSizeLabel.integerValue = stepper.integerValue
        }
        volumeSlider.on.action(owner: self) { controller, slider in controller.volume = slider.doubleValue }
        themePopUp.on.valueChanged { popUp in print("theme", popUp.titleOfSelectedItem ?? "") }
        accentWell.on.valueChanged(owner: self) { controller, well in
            controller.swatch.layer?.backgroundColor = well.color.cgColor
        }
        reminderPicker.on.valueChanged { picker in print("remind at", picker.dateValue) }
        unitsControl.on.valueChanged { control in print("units", control.selectedSegment) }

        // The same events in Combine and in async code.
        revertButton.on.tap.publisher
            .sink { [weak self] in self?.hasUnsavedChanges = false }
            .store(in: &cancellables)
        Task { [saveButton] in
            for await _ in saveButton.on.tap.values {
                print("saved")
            }
        }
    }

    private func bindWindow() {
        guard let window else { return }
window.on.shouldClose(owner: self) { controller, _ in
    !controller.hasUnsavedChanges
}
        window.on.willClose(owner: self) { controller, _ in controller.cancellables.removeAll() }
        window.on.willResize { _, size in
            size.value.width = max(size.value.width, 420)
        }
        window.on.didResize { window in print("size", window.frame.size) }
        window.on.didMove { window in print("origin", window.frame.origin) }
        window.on.didBecomeKey.once { window, _ in window.title = "Preferences" }
        window.on.didResignKey(owner: self) { controller, _ in controller.nameField.abortEditing() }
        window.on.didMiniaturize { _ in print("in the Dock") }
        window.on.didDeminiaturize { _ in print("back") }
        window.on.didEnterFullScreen { window in window.toolbar?.isVisible = false }
        window.on.didExitFullScreen { window in window.toolbar?.isVisible = true }
    }

    private func bindMenu() {
        resetItem.on.action(owner: self) { controller, _ in controller.reset() }
        resetItem.on.validate(owner: self) { controller, _ in controller.hasUnsavedChanges }
        NSApp.mainMenu?.items.first?.submenu?.addItem(resetItem)
    }

    /// Waits for the next click on Save: `next()` on a control's action.
    func waitForSave() async throws {
        _ = try await saveButton.on.tap.next()
    }

    @objc private func revert(_ sender: Any?) {
        nameField.stringValue = name
        hasUnsavedChanges = false
    }

    private func save() {
        print("saving", name, volume)
        hasUnsavedChanges = false
    }

    private func reset() {
        name = ""
        nameField.stringValue = ""
    }
}
#endif
