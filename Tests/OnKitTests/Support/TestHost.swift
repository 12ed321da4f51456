import OnKit

/// A test-only host type: the `on` namespace on a plain Swift class, as on Linux.
final class Door: OnCompatible, Sendable {
    let name: String

    init(_ name: String = "door") {
        self.name = name
    }
}

/// Keys for the test adapter below, kept in `static let`s as `AssociationKey` asks.
enum DoorKeys {
    static let opened = AssociationKey<Event<Door, Int>>("opened", default: Event())
    static let mayClose = AssociationKey<Decision<Door, Void, Bool>>("mayClose", default: .all())
}

/// A small adapter, written the way real ones are: events stored on the host.
extension On where Base: Door {
    /// Sent when the door opens, with the angle.
    var opened: Event<Door, Int> { self[DoorKeys.opened] }

    /// Asked before the door closes.
    var mayClose: Decision<Door, Void, Bool> { self[DoorKeys.mayClose] }

    /// Adds a handler for `opened`, in the adapter style `door.on.didOpen { door, angle in }`.
    @discardableResult
    func didOpen(_ handler: @escaping @Sendable (Door, Int) -> Void) -> EventSubscription {
        opened.subscribe(handler)
    }
}
