// The `///` examples of OnKit's AppKit members declared `@MainActor public …` on one line, which
// `.ci/check-snippets.py` once skipped: verbatim, in the code an app would write around them.
// apple-typecheck type-checks this file for macOS (also with `-default-isolation MainActor`).
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import OnKit

/// A document window's controller: the owner forms of a menu item, a toolbar item, a table's
/// double click and a slider.
@MainActor final class DocCommentDocumentController {
    private let deleteItem = NSMenuItem(title: "Delete", action: nil, keyEquivalent: "")
    private let shareItem = NSToolbarItem(itemIdentifier: .init("share"))
    private let tableView = NSTableView()
    private let volumeSlider = NSSlider()
    private var hasSelection = false
    private var document: String?
    private var volume = 0.0

    private func deleteSelection() {}
    private func open(row: Int) {}

    func bind() {
        deleteItem.on.action(owner: self) { controller, item in
            controller.deleteSelection()
        }
        deleteItem.on.validate(owner: self) { controller, item in
            controller.hasSelection
        }
        shareItem.on.validate(owner: self) { controller, item in
            controller.document != nil
        }
        tableView.on.doubleClick(owner: self) { controller, table in
            controller.open(row: table.clickedRow)
        }
        volumeSlider.on.action(owner: self) { controller, slider in
            controller.volume = slider.doubleValue
        }
    }
}

/// A collection view item with a button.
final class DocCommentPhotoItem: NSCollectionViewItem {
    let likeButton = NSButton(checkboxWithTitle: "Like", target: nil, action: nil)
}

/// A table cell with a checkbox.
final class DocCommentTaskCell: NSTableCellView {
    let checkbox = NSButton(checkboxWithTitle: "Done", target: nil, action: nil)
}

@MainActor private func like(_ photo: String) {}
@MainActor private func setDone(_ row: Int, _ isDone: Bool) {}
@MainActor private func open(_ row: Int) {}

@MainActor func docCommentMainActorMemberExamples(
    darkMode: NSSwitch, fontSize: NSStepper, slider: NSSlider, table: NSTableView,
    photoItem: DocCommentPhotoItem, taskCell: DocCommentTaskCell
) {
    darkMode.on.valueChanged { toggle in print(toggle.state == .on) }
    fontSize.on.valueChanged { stepper in print(stepper.integerValue) }
    slider.on.action { slider in print(slider.doubleValue) }
    table.on.doubleClick { table in open(table.clickedRow) }

    let photo = "first.jpg", row = 0
    do {
        let item = photoItem
        item.likeButton.on.tap { button in like(photo) }.store(in: item.on.reuse)
    }
    do {
        let cell = taskCell
        cell.checkbox.on.action { checkbox in
            setDone(row, checkbox.state == .on)
        }.store(in: cell.on.reuse)
    }
}
#endif
