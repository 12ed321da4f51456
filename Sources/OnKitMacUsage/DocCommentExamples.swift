#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import OnKit

/// The `///` examples of the AppKit adapters, compiled for macOS by `apple-typecheck`
/// (`.ci/check-snippets.py` matches them here), with what they refer to.
@MainActor final class AppKitDocCommentExamples {

    func gestures(pan: NSPanGestureRecognizer, click: NSClickGestureRecognizer, magnify: NSMagnificationGestureRecognizer) {
        let (singleClick, doubleClick) = (click, NSClickGestureRecognizer())
        pan.on.shouldBegin { pan in !isLocked }
        click.on.shouldAttemptToRecognize { click, event in !event.modifierFlags.contains(.option) }
        magnify.on.shouldRecognizeSimultaneously { magnify, other in other is NSRotationGestureRecognizer }
        singleClick.on.shouldRequireFailure { click, other in other === doubleClick }
        doubleClick.on.shouldBeRequiredToFail { click, other in other === singleClick }
        pan.on.shouldReceiveTouch { pan, touch in touch.type == .direct }
    }

    func table(_ table: NSTableView) {
        table.on.selectionDidChange { table in show(table.selectedRowIndexes) }
        table.on.selectionIsChanging { table in preview(table.selectedRow) }
        table.on.shouldSelectRow { table, row in !items[row].isSeparator }
        table.on.didClick { table, column in sort(by: column.identifier) }
    }

    func field(_ field: NSTextField) {
        field.on.didBeginEditing { field in field.backgroundColor = .selectedTextBackgroundColor }
        field.on.didEndEditing { field, movement in if movement == .return { submit() } }
        field.on.shouldBeginEditing { field in !isLocked }
        field.on.shouldEndEditing { field in !field.stringValue.isEmpty }
    }

    func window(_ window: NSWindow) {
        window.on.willClose { window in saveFrame(window.frame) }
        window.on.willResize { window, size in size.value.width = max(size.value.width, 480) }
        window.on.didResize { window in layout(for: window.frame.size) }
        window.on.didMove { window in saveFrame(window.frame) }
        window.on.didBecomeKey { window in refresh() }
        window.on.didResignKey { window in window.makeFirstResponder(nil) }
        window.on.didMiniaturize { window in pauseUpdates() }
        window.on.didDeminiaturize { window in resumeUpdates() }
        window.on.didEnterFullScreen { window in toolbar.isVisible = false }
        window.on.didExitFullScreen { window in toolbar.isVisible = true }
    }
}

private struct Item { var isSeparator = false }

@MainActor private var isLocked = false
@MainActor private var items: [Item] = []
@MainActor private let toolbar = NSToolbar()

@MainActor private func show(_ rows: IndexSet) {}
@MainActor private func preview(_ row: Int) {}
@MainActor private func sort(by identifier: NSUserInterfaceItemIdentifier) {}
@MainActor private func submit() {}
@MainActor private func saveFrame(_ frame: NSRect) {}
@MainActor private func layout(for size: NSSize) {}
@MainActor private func refresh() {}
@MainActor private func pauseUpdates() {}
@MainActor private func resumeUpdates() {}
#endif
