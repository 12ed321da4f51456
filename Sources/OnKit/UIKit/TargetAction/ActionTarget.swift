#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// The Objective-C face of an `ActionRelay`: the object OnKit adds as a control's or a gesture
/// recognizer's target. Its one action method fires the relay.
///
/// Not generic over the relay's host: an Objective-C class of its own, the plainest thing for
/// UIKit to call.
@MainActor final class ActionTarget: NSObject {
    private let relay: @MainActor () -> Void

    init<Host>(relay: ActionRelay<Host>) {
        self.relay = { relay.fire() }
    }

    /// The action UIKit calls (with no arguments: the relay knows its host).
    @objc func fire() {
        relay()
    }
}
#endif
