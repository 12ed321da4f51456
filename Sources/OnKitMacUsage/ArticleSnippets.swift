// The AppKit article's snippets (Sources/OnKit/OnKit.docc/AppKitQuickStart.md), verbatim, in the
// code an app would write around them; type-checked for macOS by apple-typecheck, never compiled
// on Linux.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import OnKit

final class QuickStartViewController: NSViewController {
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
    // Implicitly unwrapped: made in viewDidAppear (its cell provider needs `self`), before any use.
    private var dataSource: NSTableViewDiffableDataSource<Int, String>!

    override func viewDidAppear() {
        super.viewDidAppear()
        showRows()

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

    private func open(_ name: String) { print("opening", name) }

    /// The quick start's screen with a diffable data source: no `NSTableViewDataSource`, and no
    /// delegate of the app's own (OnKit's proxy is the table's delegate).
    private func showRows() {
dataSource = NSTableViewDiffableDataSource(tableView: tableView) {
    [unowned self] tableView, column, row, name in
    let cell = tableView.makeView(
        withIdentifier: TaskCellView.identifier, owner: self
    ) as? TaskCellView ?? TaskCellView()
    cell.textField?.stringValue = name
cell.checkbox.on.tap(owner: self) { controller, checkbox in
    controller.setDone(row, checkbox.state == .on)
}
    .store(in: cell.on.reuse)
    return cell
}
var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
snapshot.appendSections([0])
snapshot.appendItems(rows)
dataSource.apply(snapshot, animatingDifferences: false)

tableView.on.selectionDidChange(owner: self) { controller, table in
    let source = controller.dataSource
    let row = table.selectedRow
    if row >= 0, let name = source?.itemIdentifier(forRow: row) {
        controller.open(name)
    }
}
    }
}
#endif
