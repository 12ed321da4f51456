#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import OnKit

/// Type-checked for macOS by `apple-typecheck --platform macos`: a table of tasks written as a
/// Mac app would write it. The controller stays the table's delegate and data source (it makes
/// the cell views); OnKit's proxy forwards to it and adds the handlers.
final class TaskListViewController: NSViewController, NSTableViewDataSource, NSTableViewDelegate {
    let tableView = NSTableView()
    private let deleteItem = NSMenuItem(title: "Delete", action: nil, keyEquivalent: "\u{8}")
    private let copyItem = NSMenuItem(title: "Copy", action: #selector(NSText.copy(_:)), keyEquivalent: "c")
    private let shareItem = NSToolbarItem(itemIdentifier: NSToolbarItem.Identifier("share"))
    private var tasks = ["Write the AppKit article", "Type-check it", "Ship"]
    private var done: Set<Int> = []
    private var sortAscending = true

    override func loadView() {
        let scrollView = NSScrollView()
        scrollView.documentView = tableView
        view = scrollView
        tableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("task")))
        tableView.dataSource = self
        tableView.delegate = self
        bindTable()
        bindMenu()
        bindGestures()
    }

    private func bindTable() {
        tableView.on.doubleClick(owner: self) { controller, table in controller.open(row: table.clickedRow) }
        tableView.on.action { table in print("clicked", table.clickedRow) }
        tableView.on.selectionDidChange(owner: self) { controller, table in
            controller.deleteItem.isHidden = table.selectedRowIndexes.isEmpty
        }
        tableView.on.selectionIsChanging { table in print("selecting", table.selectedRow) }
        tableView.on.shouldSelectRow(owner: self) { controller, _, row in !controller.done.contains(row) }
        tableView.on.didClick(owner: self) { controller, table, column in
            controller.sortAscending.toggle()
            table.reloadData()
        }
    }

    private func bindMenu() {
deleteItem.on.action(owner: self) { controller, _ in controller.deleteSelectedRows() }
deleteItem.on.validate(owner: self) { controller, _ in controller.tableView.selectedRow >= 0 }

        // "Copy" goes up the responder chain as before; OnKit adds a handler, and validation
        // still asks the first responder, so the item greys out where it did.
        copyItem.on.action { item in print("copied from", item.title) }
        shareItem.on.action { item in print("share", item.itemIdentifier.rawValue) }
        shareItem.on.validate(owner: self) { controller, _ in !controller.tasks.isEmpty }
    }

    private func bindGestures() {
        let click = NSClickGestureRecognizer()
        click.numberOfClicksRequired = 2
        click.on.action { click in print("double click at", click.location(in: click.view)) }
        let pan = NSPanGestureRecognizer()
        pan.on.action { pan in
            guard let view = pan.view, pan.state == .changed else { return }
            view.frame.origin.x += pan.translation(in: view).x
        }
        pan.on.shouldBegin(owner: self) { controller, _ in !controller.tasks.isEmpty }
        pan.on.shouldRecognizeSimultaneously { _, other in other === click }
        pan.on.shouldAttemptToRecognize { _, event in !event.modifierFlags.contains(.option) }
        click.on.shouldRequireFailure { _, other in other === pan }
        pan.on.shouldBeRequiredToFail { _, other in other === click }
        view.addGestureRecognizer(click)
        view.addGestureRecognizer(pan)
    }

    func numberOfRows(in tableView: NSTableView) -> Int {
        tasks.count
    }

    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        let reused = tableView.makeView(withIdentifier: TaskCellView.identifier, owner: self) as? TaskCellView
        let cell = reused ?? TaskCellView()
        cell.textField?.stringValue = tasks[row]
        cell.checkbox.state = done.contains(row) ? .on : .off
        cell.on.renewReuse()  // reloadData(forRowIndexes:columnIndexes:) may hand back the same view
cell.checkbox.on.tap(owner: self) { controller, checkbox in controller.setDone(row, checkbox.state == .on) }
    .store(in: cell.on.reuse)
        return cell
    }

    private func open(row: Int) {
        guard tasks.indices.contains(row) else { return }
        print("opening", tasks[row])
    }

    private func setDone(_ row: Int, _ isDone: Bool) {
        if isDone { done.insert(row) } else { done.remove(row) }
    }

    private func deleteSelectedRows() {
        for row in tableView.selectedRowIndexes.reversed() { tasks.remove(at: row) }
        tableView.reloadData()
    }
}

/// A cell view with a checkbox whose handler belongs to the row the cell shows.
final class TaskCellView: NSTableCellView {
    static let identifier = NSUserInterfaceItemIdentifier("TaskCellView")
    let checkbox = NSButton(checkboxWithTitle: "", target: nil, action: nil)

    convenience init() {
        self.init(frame: .zero)
        identifier = Self.identifier
        let label = NSTextField(labelWithString: "")
        textField = label
        addSubview(checkbox)
        addSubview(label)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        checkbox.state = .off
    }
}

/// A collection view item whose like button belongs to the photo it shows.
final class PhotoItem: NSCollectionViewItem {
    let likeButton = NSButton(title: "♥", target: nil, action: nil)

    func show(_ photo: String, liked: @escaping @MainActor (String) -> Void) {
        likeButton.on.tap { _ in liked(photo) }.store(in: on.reuse)
    }
}
#endif
