@_spi(OnKitInternal) @testable import OnKit
import Testing

/// A stand-in for a UIKit control: a `@MainActor` host with a `@MainActor` delegate protocol, as
/// every UIKit object has. What these tests compile is the proof that the delegate base and the
/// main-actor forms work in Swift 6 mode for such hosts; what they run checks the behaviour.
@MainActor protocol StandInFieldDelegate: AnyObject {
    func fieldDidChange(_ field: StandInField)
}

@MainActor class StandInField: MainActorBound, OnCompatible {
    weak var delegate: (any StandInFieldDelegate)?
    var text = ""

    /// What UIKit would do on a keystroke: tell the delegate.
    func type(_ text: String) {
        self.text = text
        delegate?.fieldDidChange(self)
    }
}

/// The proxy such an adapter installs: main-actor isolated, as UIKit's delegate protocols are.
@MainActor final class StandInFieldDelegateProxy: StandInFieldDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey<StandInFieldDelegateProxy>(
        "StandInField.delegateProxy", default: StandInFieldDelegateProxy()
    )
    nonisolated let forwarding = DelegateForwarding<any StandInFieldDelegate>(ownership: .weak)
    nonisolated var asDelegate: any StandInFieldDelegate { self }
    nonisolated let didChange = Event<StandInField, String>()

    nonisolated init() {}

    func fieldDidChange(_ field: StandInField) {
        forwarding.forward { $0.fieldDidChange(field) }
        didChange.send(field, field.text)
    }
}

extension On where Base: StandInField {
    /// The adapter callback: a read-only event typed by `Base`, installed from the main actor.
    @MainActor var didChange: ReadOnlyEvent<Base, String> {
        StandInFieldDelegateProxy.installed(on: base, slot: \.delegate).didChange.readOnly.sent(as: Base.self)
    }
}

@MainActor final class FieldScreen {
    var changes: [String] = []
}

@MainActor final class RecordingFieldDelegate: StandInFieldDelegate {
    var seen: [String] = []
    func fieldDidChange(_ field: StandInField) { seen.append(field.text) }
}

@MainActor final class StandInSubfield: StandInField {
    var extra = "sub"
}

@Suite @MainActor struct MainActorHostTests {
    @Test func mainActorHandlersAndOwnerTouchMainActorStateDirectly() {
        let field = StandInField()
        let screen = FieldScreen()
        field.on.didChange(owner: screen) { screen, field, text in screen.changes.append("owner \(text)") }
        field.on.didChange { field, text in field.text = text.uppercased() }
        field.type("a")
        #expect(screen.changes == ["owner a"])
        #expect(field.text == "A")
    }

    @Test func existingDelegateIsKeptAndCalledFirst() {
        let field = StandInField()
        let delegate = RecordingFieldDelegate()
        field.delegate = delegate
        let order = Recorder<String>()
        field.on.didChange { _, text in order.append("handler \(text) after \(delegate.seen)") }
        field.type("x")
        #expect(delegate.seen == ["x"])
        #expect(order.values == ["handler x after [\"x\"]"])
    }

    @Test func subclassSenderKeepsItsType() {
        let field = StandInSubfield()
        let seen = Recorder<String>()
        let subscription = field.on.didChange { field, text in seen.append("\(field.extra) \(text)") }
        field.type("y")
        #expect(seen.values == ["sub y"])
        #expect(field.on.didChange.subscriberCount == 1)
        #expect(field.on.didChange -= subscription)
        field.type("z")
        #expect(seen.values == ["sub y"])
    }

    @Test func ownerBoundHandlerEndsWithItsMainActorOwner() {
        let field = StandInField()
        var screen: FieldScreen? = FieldScreen()
        weak let weakScreen = screen
        let subscription = field.on.didChange(owner: screen!) { screen, _, text in screen.changes.append(text) }  // set above
        screen = nil
        #expect(weakScreen == nil)
        field.type("gone")
        #expect(!subscription.isActive)
    }
}
