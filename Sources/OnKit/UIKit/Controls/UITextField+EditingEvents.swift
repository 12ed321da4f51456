#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

extension On where Base: UITextField {
    /// The user changed the text (`.editingChanged`); the handler gets the new text, `""` for
    /// none. Setting `text` in code sends nothing, as with UIKit's own `.editingChanged`.
    ///
    /// ```swift
    /// emailField.on.textChanged { field, text in
    ///     field.textColor = text.contains("@") ? .label : .systemRed
    /// }
    /// ```
    ///
    /// It is fed by one handler of `on.event(.editingChanged)`, which that event's
    /// `subscriberCount` therefore includes. To refuse a change, use `on.shouldChangeCharacters`,
    /// asked before it (a handler here that returns a `Bool` gets a warning that says so).
    @MainActor public var textChanged: EventAfterDecision<Base, String, DecisionTwin.ShouldChangeCharacters> {
        let field: UITextField = base
        let storage = On<UITextField>(field)
        // Asked on every call, as every `on.` call for a control does: it adds OnKit's target
        // back if the app removed every target (`removeTarget(nil, action: nil, for: .allEvents)`).
        let editingChanged = storage.event(.editingChanged)
        if let textChanged = storage.existingValue(for: UITextFieldKeys.textChanged) {
            return EventAfterDecision(textChanged.readOnly.sent(as: Base.self))
        }
        let textChanged = storage[UITextFieldKeys.textChanged]
        // The event is captured, not the field: the field hands itself over on each call.
        editingChanged.subscribe { field, _ in textChanged.send(field, field.text ?? "") }
        return EventAfterDecision(textChanged.readOnly.sent(as: Base.self))
    }

    /// Editing began (`.editingDidBegin`): `field.on.editingDidBegin { field in field.selectAll(nil) }`.
    ///
    /// (`on.didBeginEditing` is the delegate's callback; both come at the same moment.)
    @MainActor public var editingDidBegin: ReadOnlyEvent<Base, Void> { event(.editingDidBegin) }

    /// Editing ended (`.editingDidEnd`): `field.on.editingDidEnd { field in validate(field.text) }`.
    @MainActor public var editingDidEnd: ReadOnlyEvent<Base, Void> { event(.editingDidEnd) }

    /// The user tapped the return key, which ends editing (`.editingDidEndOnExit`):
    /// `field.on.editingDidEndOnExit { field in passwordField.becomeFirstResponder() }`.
    @MainActor public var editingDidEndOnExit: ReadOnlyEvent<Base, Void> { event(.editingDidEndOnExit) }
}

/// Where a text field's text event is stored.
enum UITextFieldKeys {
    static let textChanged = AssociationKey<Event<UITextField, String>>(
        "UITextField.textChanged", default: Event()
    )
}
#endif
