// The AppKit article's snippets (Sources/OnKit/OnKit.docc/AppKitQuickStart.md), verbatim, in the
// code an app would write around them; type-checked for macOS by apple-typecheck, never compiled
// on Linux.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import OnKit

final class QuickStartViewController: NSViewController, NSTableViewDataSource, NSTableViewDelegate {
    private let saveButton = NSButton(title: "Save", target: nil, action: nil)
    private let volumeSlider = NSSlider(value: 0.5, minValue: 0, maxValue: 1, target: nil, action: nil)
    private let darkModeSwitch = NSSwitch()
    private let deleteItem = NSMenuItem(title: "Delete", action: nil, keyEquivalent: "")
    private let nameField = NSTextField(string: "")
    private let searchField = NSSearchField()
    let tableView = NSTableView()
    private var volume = 0.5
    private var name = ""
    private var hasUnsavedChanges = false
    private var rows = ["Ada", "Grace"]
    private var done: Set<Int> = []

    override func viewDidAppear() {
        super.viewDidAppear()
        tableView.dataSource = self
        tableView.delegate = self

saveButton.on.tap { button in button.isEnabled = false }
volumeSlider.on.action(owner: self) { controller, slider in
    controller.volume = slider.doubleValue
}
darkModeSwitch.on.valueChanged { toggle in print(toggle.state == .on) }

deleteItem.on.action(owner: self) { controller in
    controller.deleteSelectedRows()
}
deleteItem.on.validate(owner: self) { controller in
    controller.tableView.selectedRow >= 0
}

nameField.on.textChanged(owner: self) { controller, text in
    controller.name = text
}
searchField.on.doCommand { field, selector in
    let cancel = #selector(NSResponder.cancelOperation(_:))
    guard selector == cancel else { return false }
    field.stringValue = ""
    return true
}

        guard let window = view.window else { return }
window.on.shouldClose(owner: self) { controller in
    !controller.hasUnsavedChanges
}
window.on.willResize { size in
    size.value.width = max(size.value.width, 420)
}
window.on.didBecomeKey { window in print("key:", window.title) }

tableView.on.doubleClick(owner: self) { controller, table in
    controller.open(row: table.clickedRow)
}
tableView.on.shouldSelectRow { _, row in row != 0 }
    }

    private func open(row: Int) { print("opening", rows[row]) }
    private func setDone(_ row: Int, _ isDone: Bool) { if isDone { done.insert(row) } else { done.remove(row) } }
    private func deleteSelectedRows() { tableView.removeRows(at: tableView.selectedRowIndexes) }

    func numberOfRows(in tableView: NSTableView) -> Int {
        rows.count
    }

    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        let cell = tableView.makeView(withIdentifier: TaskCellView.identifier, owner: self) as? TaskCellView ?? TaskCellView()
        cell.textField?.stringValue = rows[row]
cell.checkbox.on.tap(owner: self) { controller, checkbox in
    controller.setDone(row, checkbox.state == .on)
}
    .store(in: cell.on.reuse)
        return cell
    }
}
#endif
