#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import OnKit

/// The seed calls in every closure shape, on the Mac: type-checked for macOS by `apple-typecheck`.
@MainActor func seedCalls(button: NSButton, field: NSTextField, window: NSWindow, table: NSTableView, item: NSMenuItem) {
    button.on.tap { print("button was tapped") }
    button.on.tap { button in button.title = "Tapped" }
    field.on.textChanged { field, text in field.textColor = text.isEmpty ? .secondaryLabelColor : .labelColor }
    field.on.textChanged { text in print(text.count) }
    field.on.doCommand { field, selector in selector == #selector(NSResponder.insertNewline(_:)) && field.stringValue.isEmpty }
    window.on.shouldClose { window.isDocumentEdited == false }
    window.on.didResize { print("resized") }
    table.on.shouldSelectRow { row in row >= 0 }
    table.on.doubleClick { table in print(table.clickedRow) }
    item.on.action { print("chosen") }
    item.on.validate { true }
}

/// The README's AppKit snippet, verbatim.
@MainActor func readmeAppKitSnippet(
    saveButton: NSButton, deleteItem: NSMenuItem, tableView: NSTableView, searchField: NSSearchField,
    window: NSWindow, isEdited: Bool
) {
saveButton.on.tap { print("saved") }
deleteItem.on.validate { tableView.selectedRow >= 0 }
searchField.on.doCommand { _, command in command == #selector(NSResponder.cancelOperation(_:)) }
window.on.shouldClose { !isEdited }
}
#endif
