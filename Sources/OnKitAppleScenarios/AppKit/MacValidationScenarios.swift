#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import OnKit

/// Validation on the Mac: issue 22, item 7 (a menu item wired to a toolbar item's target and
/// action gets the default answer, never a trap).
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
            try expect(enabled, "the foreign menu item gets the default answer (enabled)")
        },
    ]
}
#endif
