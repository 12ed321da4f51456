#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// The `NSTextFieldDelegate` OnKit installs on a text field (see `DelegateProxy` and
/// `ObjCDelegateProxy`): each method goes to the field's own delegate first, then to OnKit's
/// handlers. Search, secure and token fields are text fields: methods of their own delegate
/// protocols go straight to their own delegate.
@MainActor final class NSTextFieldDelegateProxy: ObjCDelegateProxy, NSTextFieldDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey("NSTextField.delegateProxy", default: NSTextFieldDelegateProxy())
    nonisolated let forwarding = DelegateForwarding<any NSTextFieldDelegate>(objectiveC: .weak)
    nonisolated var asDelegate: any NSTextFieldDelegate { self }

    nonisolated let textChanged = Event<NSTextField, String>()
    nonisolated let shouldBeginEditing = Decision<NSTextField, Void, Bool>.all()
    nonisolated let didBeginEditing = Notice<NSTextField>()
    nonisolated let shouldEndEditing = Decision<NSTextField, Void, Bool>.all()
    nonisolated let didEndEditing = Event<NSTextField, NSTextMovement>()
    nonisolated let doCommand = Decision<NSTextField, Selector, Bool>.any()

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(controlTextDidChange(_:)): textChanged
        case #selector(control(_:textShouldBeginEditing:)): shouldBeginEditing
        case #selector(controlTextDidBeginEditing(_:)): didBeginEditing
        case #selector(control(_:textShouldEndEditing:)): shouldEndEditing
        case #selector(controlTextDidEndEditing(_:)): didEndEditing
        case #selector(control(_:textView:doCommandBy:)): doCommand
        default: nil
        }
    }

    // One line per method: the field's own delegate, then the handlers.

    func controlTextDidChange(_ note: Notification) {
        send(textChanged, note, \.stringValue) { $0.controlTextDidChange?(note) }
    }

    func control(_ control: NSControl, textShouldBeginEditing editor: NSText) -> Bool {
        askForField(shouldBeginEditing, control, (), else: true) { $0.control?(control, textShouldBeginEditing: editor) }
    }

    func controlTextDidBeginEditing(_ note: Notification) {
        send(didBeginEditing, note) { $0.controlTextDidBeginEditing?(note) }
    }

    func control(_ control: NSControl, textShouldEndEditing editor: NSText) -> Bool {
        askForField(shouldEndEditing, control, (), else: true) { $0.control?(control, textShouldEndEditing: editor) }
    }

    /// The movement that ended editing (Return, Tab…) is in the notification; `.other` if not.
    func controlTextDidEndEditing(_ note: Notification) {
        send(didEndEditing, note, { _ in note.textMovement ?? .other }) { $0.controlTextDidEndEditing?(note) }
    }

    /// `true` means handled: the field's own delegate first, then the handlers until one handles
    /// it (`Decision.any()`); `false` from everyone lets the field editor perform the command.
    func control(_ control: NSControl, textView: NSTextView, doCommandBy selector: Selector) -> Bool {
        askForField(doCommand, control, selector, else: false) { $0.control?(control, textView: textView, doCommandBy: selector) }
    }

    // AppKit asks these only for the field whose delegate this is, so the cast to `NSTextField`
    // always succeeds.

    /// `DelegateProxy`'s `ask(_:_:_:else:target:)` for the `NSControl` AppKit passes: the
    /// field's own delegate, then the handlers (the delegate alone for any other control).
    private func askForField<Args>(
        _ decision: Decision<NSTextField, Args, Bool>, _ control: NSControl, _ args: Args, else fallback: Bool,
        _ site: StaticString = #function, target: (any NSTextFieldDelegate) -> Bool?
    ) -> Bool {
        guard let field = control as? NSTextField else { return forwarding.answer(site, target) ?? fallback }
        return ask(decision, field, args, else: fallback, site, target: target)
    }
}

extension Notification {
    /// The movement that ended a text field's editing (`controlTextDidEndEditing(_:)`), if it says.
    @MainActor fileprivate var textMovement: NSTextMovement? {
        (userInfo?[NSText.movementUserInfoKey] as? Int).flatMap(NSTextMovement.init(rawValue:))
    }
}
#endif
