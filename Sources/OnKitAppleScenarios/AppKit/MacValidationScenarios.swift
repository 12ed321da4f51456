#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import OnKit

/// Validation on the Mac: issue 22, item 7 (a menu item wired to a toolbar item's target and
/// action never traps), and issue 31 (the app's validator answers for such a mirror, and its
/// action is sent from the menu item).
enum MacValidationScenarios {
    static let all: [Scenario] = [
        Scenario("22.7", "a menu item mirroring a toolbar item's target and action is validated without a trap") {
            let toolbarItem = NSToolbarItem(itemIdentifier: NSToolbarItem.Identifier("share"))
            toolbarItem.on.action { _ in }
            toolbarItem.on.validate { _ in false }
            let menuItem = NSMenuItem(title: "Share", action: toolbarItem.action, keyEquivalent: "")
            menuItem.target = toolbarItem.target  // a main-menu item that mirrors the toolbar button
            let validation = toolbarItem.target as? any NSMenuItemValidation
            try expect(validation != nil, "OnKit's target answers validateMenuItem(_:)")
            let enabled = validation?.validateMenuItem(menuItem) ?? true
            try expect(enabled, "a mirror of an item with no previous action is enabled")
        },
        Scenario("31.5", "a menu item mirroring a toolbar item is validated by the app's validator, and sends from itself") {
            let toolbarItem = NSToolbarItem(itemIdentifier: NSToolbarItem.Identifier("share"))
            let app = ShareController()
            toolbarItem.target = app
            toolbarItem.action = #selector(ShareController.share(_:))
            toolbarItem.on.action { _ in }
            let menuItem = NSMenuItem(title: "Share", action: toolbarItem.action, keyEquivalent: "")
            menuItem.target = toolbarItem.target  // the toolbar item's menuFormRepresentation
            let validation = toolbarItem.target as? any NSMenuItemValidation
            let enabled = validation?.validateMenuItem(menuItem) ?? true
            try expect(!enabled, "the app's validator answers for the mirror (it disables sharing)")
            try expect(app.validatedActions == [#selector(ShareController.share(_:))], "asked with the previous action shown")
            try expect(menuItem.target === toolbarItem.target, "the mirror's target is OnKit's again afterwards")
            if let action = menuItem.action {
                NSApplication.shared.sendAction(action, to: menuItem.target, from: menuItem)  // choosing it
            }
            try expect(app.senders.count == 1 && app.senders.first === menuItem, "the app's action gets the menu item as sender")
        },
    ]
}

/// The app's controller behind a toolbar item: it takes `share:` and disables it in menus.
private final class ShareController: NSObject, NSMenuItemValidation {
    var validatedActions: [Selector?] = []
    var senders: [AnyObject] = []

    @objc func share(_ sender: Any?) { senders.append(sender as AnyObject) }

    func validateMenuItem(_ menuItem: NSMenuItem) -> Bool {
        validatedActions.append(menuItem.action)
        return false
    }
}
#endif
