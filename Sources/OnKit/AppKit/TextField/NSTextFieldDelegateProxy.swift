#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// The `NSTextFieldDelegate` OnKit installs on a text field (see `DelegateProxy` and
/// `ObjCDelegateProxy`): each method goes to the field's own delegate first, then to OnKit's
/// handlers. Search, secure and token fields are text fields: methods of their own delegate
/// protocols go straight to their own delegate.
@MainActor final class NSTextFieldDelegateProxy: ObjCDelegateProxy, NSTextFieldDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey("NSTextField.delegateProxy", default: NSTextFieldDelegateProxy())
    nonisolated let forwarding = DelegateForwarding<any NSTextFieldDelegate>(ownership: .weak)
    nonisolated var asDelegate: any NSTextFieldDelegate { self }

    nonisolated let textChanged = Event<NSTextField, String>()
    nonisolated let didBeginEditing = Event<NSTextField, Void>()
    nonisolated let didEndEditing = Event<NSTextField, NSTextMovement>()
    nonisolated let shouldBeginEditing = Decision<NSTextField, Void, Bool>.all()
    nonisolated let shouldEndEditing = Decision<NSTextField, Void, Bool>.all()
    nonisolated let doCommand = Decision<NSTextField, Selector, Bool>.any()

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(controlTextDidChange(_:)): textChanged
        case #selector(controlTextDidBeginEditing(_:)): didBeginEditing
        case #selector(controlTextDidEndEditing(_:)): didEndEditing
        case #selector(control(_:textShouldBeginEditing:)): shouldBeginEditing
        case #selector(control(_:textShouldEndEditing:)): shouldEndEditing
        case #selector(control(_:textView:doCommandBy:)): doCommand
        default: nil
        }
    }

    // One line per method: the field's own delegate, then the handlers. AppKit sends these only
    // for the field whose delegate this is, so the casts to `NSTextField` always succeed.

    func controlTextDidChange(_ notification: Notification) {
        forwarding.target?.controlTextDidChange?(notification)
        if let field = notification.object as? NSTextField { textChanged.send(field, field.stringValue) }
    }

    func controlTextDidBeginEditing(_ notification: Notification) {
        forwarding.target?.controlTextDidBeginEditing?(notification)
        if let field = notification.object as? NSTextField { didBeginEditing.send(field, ()) }
    }

    /// The movement that ended editing (Return, Tab…) is in the notification; `.other` if not.
    func controlTextDidEndEditing(_ notification: Notification) {
        forwarding.target?.controlTextDidEndEditing?(notification)
        let movement = (notification.userInfo?[NSText.movementUserInfoKey] as? Int).flatMap(NSTextMovement.init(rawValue:))
        if let field = notification.object as? NSTextField { didEndEditing.send(field, movement ?? .other) }
    }

    func control(_ control: NSControl, textShouldBeginEditing fieldEditor: NSText) -> Bool {
        let target = forwarding.target?.control?(control, textShouldBeginEditing: fieldEditor)
        guard let field = control as? NSTextField else { return target ?? true }
        return shouldBeginEditing.answer(field, (), after: target) ?? true
    }

    func control(_ control: NSControl, textShouldEndEditing fieldEditor: NSText) -> Bool {
        let target = forwarding.target?.control?(control, textShouldEndEditing: fieldEditor)
        guard let field = control as? NSTextField else { return target ?? true }
        return shouldEndEditing.answer(field, (), after: target) ?? true
    }

    /// `true` means handled: the field's own delegate first, then the handlers until one handles
    /// it (`Decision.any()`); `false` from everyone lets the field editor perform the command.
    func control(_ control: NSControl, textView: NSTextView, doCommandBy selector: Selector) -> Bool {
        let target = forwarding.target?.control?(control, textView: textView, doCommandBy: selector)
        guard let field = control as? NSTextField else { return target ?? false }
        return doCommand.answer(field, selector, after: target) ?? false
    }
}
#endif
