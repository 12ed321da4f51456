#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Foundation
import OnKit

// Issue 22's AppKit scenarios for items 1, 2, 3, 5, 6 and 7, against real AppKit objects, listed
// in `MacBehaviourScenariosA.all`; type-checked for macOS by `apple-typecheck --platform macos`
// until a Mac runs them. Each throws a `ScenarioAFailure` naming what AppKit would do and what
// happened instead.

/// The AppKit scenarios of items 1, 2, 3, 5, 6 and 7.
enum MacBehaviourScenariosA {
    static var all: [Scenario] {
        [
            Scenario("22.1", "an informal window controller keeps its veto", run: scenarioA1InformalWindowControllerKeepsItsVeto),
            Scenario("22.2", "informal validation is asked", run: scenarioA2InformalValidationIsAsked),
            Scenario("22.3", "a dead window delegate no longer vetoes", run: scenarioA3DeadWindowDelegateNoLongerVetoes),
            Scenario("22.5", "selection indexes are filtered by shouldSelectRow", run: scenarioA5SelectionIndexesAreFilteredByShouldSelectRow),
            Scenario("22.5", "outline view callbacks fire", run: scenarioA5OutlineViewCallbacksFire),
            Scenario("22.6", "a later window delegate is followed", run: scenarioA6LaterWindowDelegateIsFollowed),
            Scenario("22.7", "a foreign item gets the default answer", run: scenarioA7ForeignItemGetsTheDefaultAnswer),
        ]
    }
}

/// A scenario's check that failed.
private struct ScenarioAFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// How often a handler ran.
@MainActor private final class Count {
    var value = 0
}

/// Sets `host`'s delegate to an object that declares no delegate protocol, as Objective-C can.
@MainActor private func setInformalDelegate(_ object: NSObject, on host: NSObject) {
    host.perform(NSSelectorFromString("setDelegate:"), with: object)
}

/// A window controller of an Objective-C app: it vetoes closing, and adopts no `NSWindowDelegate`.
private final class InformalWindowController: NSObject {
    var asked = 0
    @objc(windowShouldClose:) func shouldClose(_ window: NSWindow) -> Bool {
        asked += 1
        return false
    }
}

/// An Objective-C controller that greys out "Delete" while nothing is selected, through the
/// informal `validateMenuItem:` / `validateToolbarItem:` methods (no protocol adopted).
private final class InformalValidator: NSObject {
    var hasSelection = false
    @objc func deleteSelection(_ sender: Any?) {}
    @objc(validateMenuItem:) func validateMenu(_ item: NSMenuItem) -> Bool { hasSelection }
    @objc(validateToolbarItem:) func validateToolbar(_ item: NSToolbarItem) -> Bool { hasSelection }
}

/// A table's delegate that picks the selection itself (`selectionIndexesForProposedSelection`).
private final class PickingTableDelegate: NSObject, NSTableViewDelegate {
    func tableView(_ tableView: NSTableView, selectionIndexesForProposedSelection proposed: IndexSet) -> IndexSet {
        proposed.filteredIndexSet { $0 != 3 }
    }
}

/// A formal window delegate, the kind a window controller sets.
private final class ClosingWindowDelegate: NSObject, NSWindowDelegate {
    func windowShouldClose(_ sender: NSWindow) -> Bool { true }
}

/// A window that counts how often its delegate is set: AppKit asks a delegate `responds(to:)`
/// again only when it is set, so a count of sets shows that OnKit made it ask.
private final class SetCountingWindow: NSWindow {
    private(set) var delegateSets = 0
    override var delegate: (any NSWindowDelegate)? {
        didSet { delegateSets += 1 }
    }
}

@MainActor private func makeWindow() -> SetCountingWindow {
    let window = SetCountingWindow(contentRect: NSRect(x: 0, y: 0, width: 200, height: 100), styleMask: [.titled, .closable], backing: .buffered, defer: true)
    window.isReleasedWhenClosed = false
    return window
}

/// Item 1: a window controller that adopts no `NSWindowDelegate` keeps its close veto once an
/// `on.shouldClose` handler is added.
@MainActor public func scenarioA1InformalWindowControllerKeepsItsVeto() throws {
    let window = makeWindow()
    let controller = InformalWindowController()
    setInformalDelegate(controller, on: window)
    let asked = Count()
    window.on.shouldClose { _ in
        asked.value += 1
        return true
    }
    guard let delegate = window.delegate else { throw ScenarioAFailure("OnKit's proxy is not the window's delegate") }
    if delegate.windowShouldClose?(window) != false {
        throw ScenarioAFailure("the controller's veto was lost: windowShouldClose answered yes")
    }
    if controller.asked != 1 { throw ScenarioAFailure("the controller was asked \(controller.asked)x, not once") }
    if asked.value != 0 { throw ScenarioAFailure("a handler ran after the controller's veto (all must allow, stopping at the first no)") }
}

/// Item 2: an Objective-C controller's informal `validateMenuItem:` still greys out "Delete"
/// once an `on.action` handler is added to it; the same for a toolbar item.
@MainActor public func scenarioA2InformalValidationIsAsked() throws {
    let validator = InformalValidator()
    let deleteItem = NSMenuItem(title: "Delete", action: #selector(InformalValidator.deleteSelection(_:)), keyEquivalent: "")
    deleteItem.target = validator
    deleteItem.on.action { _ in }
    guard let menuTarget = deleteItem.target as? any NSMenuItemValidation else { throw ScenarioAFailure("OnKit's target does not validate") }
    if menuTarget.validateMenuItem(deleteItem) { throw ScenarioAFailure("Delete is enabled with nothing selected") }
    validator.hasSelection = true
    if !menuTarget.validateMenuItem(deleteItem) { throw ScenarioAFailure("Delete is disabled with a selection") }

    validator.hasSelection = false
    let toolbarItem = NSToolbarItem(itemIdentifier: NSToolbarItem.Identifier("delete"))
    toolbarItem.target = validator
    toolbarItem.action = #selector(InformalValidator.deleteSelection(_:))
    toolbarItem.on.action { _ in }
    guard let toolbarTarget = toolbarItem.target as? any NSToolbarItemValidation else { throw ScenarioAFailure("OnKit's target does not validate") }
    if toolbarTarget.validateToolbarItem(toolbarItem) { throw ScenarioAFailure("the Delete toolbar item is enabled with nothing selected") }
    if deleteItem.target !== menuTarget || deleteItem.action == #selector(InformalValidator.deleteSelection(_:)) {
        throw ScenarioAFailure("validation left the item's previous target and action in place")
    }
}

/// Item 7: a menu item that mirrors a toolbar item (made from its `target` and `action`) is
/// validated by the toolbar item's target: it gets the default answer, enabled, never a trap,
/// and the toolbar item's handlers are not asked about it.
@MainActor public func scenarioA7ForeignItemGetsTheDefaultAnswer() throws {
    let toolbarItem = NSToolbarItem(itemIdentifier: NSToolbarItem.Identifier("share"))
    let asked = Count()
    toolbarItem.on.action { _ in }
    toolbarItem.on.validate { _ in
        asked.value += 1
        return false
    }
    let mirror = NSMenuItem(title: "Share", action: toolbarItem.action, keyEquivalent: "")
    mirror.target = toolbarItem.target
    guard let validation = mirror.target as? any NSMenuItemValidation else { throw ScenarioAFailure("OnKit's target does not validate") }
    if !validation.validateMenuItem(mirror) { throw ScenarioAFailure("the mirroring menu item is disabled") }
    if asked.value != 0 { throw ScenarioAFailure("the toolbar item's handler was asked about another item") }
    if mirror.target !== validation { throw ScenarioAFailure("validation changed the mirroring item's target") }
    guard let toolbarValidation = toolbarItem.target as? any NSToolbarItemValidation else { throw ScenarioAFailure("no validation") }
    if toolbarValidation.validateToolbarItem(toolbarItem) || asked.value != 1 {
        throw ScenarioAFailure("the toolbar item itself is not validated by its handler")
    }
}

/// Item 5: a delegate that picks the selection (`selectionIndexesForProposedSelection`, asked
/// instead of `shouldSelectRow`) does not skip `on.shouldSelectRow`'s handlers.
@MainActor public func scenarioA5SelectionIndexesAreFilteredByShouldSelectRow() throws {
    let table = NSTableView()
    let app = PickingTableDelegate()
    table.delegate = app
    table.on.shouldSelectRow { _, row in row != 1 }
    guard let delegate = table.delegate else { throw ScenarioAFailure("no proxy in the slot") }
    let picker = #selector(PickingTableDelegate.tableView(_:selectionIndexesForProposedSelection:))
    if !delegate.responds(to: picker) { throw ScenarioAFailure("the app delegate's selection picker is not claimed") }
    let picked = delegate.tableView?(table, selectionIndexesForProposedSelection: IndexSet([0, 1, 2, 3]))
    if picked != IndexSet([0, 2]) { throw ScenarioAFailure("selection \(String(describing: picked)), not [0, 2]") }

    // Without a picker of the app's, AppKit asks shouldSelectRow: the proxy must not claim one.
    let plain = NSTableView()
    plain.on.shouldSelectRow { _, _ in true }
    if plain.delegate?.responds(to: picker) == true { throw ScenarioAFailure("the proxy claims a picker nobody has") }
}

/// Item 5: on an `NSOutlineView`, the table callbacks fire through the outline's own selectors.
@MainActor public func scenarioA5OutlineViewCallbacksFire() throws {
    let outline = NSOutlineView()
    let clicked = Count()
    let column = NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name"))
    outline.addTableColumn(column)
    outline.on.didClick { _, _ in clicked.value += 1 }
    outline.on.shouldSelectRow { _, _ in false }
    guard let delegate = outline.delegate else { throw ScenarioAFailure("no proxy in the outline's slot") }
    delegate.outlineView?(outline, didClick: column)
    if clicked.value != 1 { throw ScenarioAFailure("outlineView(_:didClick:) did not reach on.didClick") }
    if delegate.outlineView?(outline, shouldSelectItem: "item") != false {
        throw ScenarioAFailure("outlineView(_:shouldSelectItem:) did not ask on.shouldSelectRow")
    }
}

/// Item 3: the window's delegate deallocates: the window asks again and closes by default,
/// instead of the proxy answering "no" for the dead controller for the window's whole life.
@MainActor public func scenarioA3DeadWindowDelegateNoLongerVetoes() async throws {
    let window = makeWindow()
    let proxy: (any NSWindowDelegate)? = autoreleasepool {
        let controller = InformalWindowController()
        setInformalDelegate(controller, on: window)
        window.on.didMove { _ in }
        return window.delegate
    }
    guard let proxy else { throw ScenarioAFailure("no proxy in the slot") }
    let sets = window.delegateSets
    for _ in 0..<100 where window.delegateSets < sets + 2 { await Task.yield() }
    if window.delegateSets < sets + 2 { throw ScenarioAFailure("the window was not made to ask its delegate again") }
    let shouldClose = #selector(InformalWindowController.shouldClose(_:))
    if proxy.responds(to: shouldClose) { throw ScenarioAFailure("the proxy still claims the dead controller's windowShouldClose") }
    if window.delegate !== proxy { throw ScenarioAFailure("the proxy left the slot") }
}

/// Item 6: a delegate set after OnKit displaces the proxy (DEBUG builds warn at once, through KVO
/// on `NSWindow.delegate`); the next `on.` call puts it back and forwards to that delegate.
@MainActor public func scenarioA6LaterWindowDelegateIsFollowed() throws {
    let window = makeWindow()
    let vetoes = Count()
    window.on.shouldClose { _ in
        vetoes.value += 1
        return false
    }
    let app = ClosingWindowDelegate()
    window.delegate = app  // displaces the proxy; a DEBUG build prints a warning now
    if window.delegate !== app { throw ScenarioAFailure("AppKit did not take the app's delegate") }
    _ = window.on.willClose
    guard let proxy = window.delegate, proxy !== app else { throw ScenarioAFailure("the next on. call did not put the proxy back") }
    if proxy.windowShouldClose?(window) != false || vetoes.value != 1 {
        throw ScenarioAFailure("the close veto was not asked after the proxy was put back")
    }
}
#endif
