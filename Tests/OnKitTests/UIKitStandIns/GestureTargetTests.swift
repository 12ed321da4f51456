@_spi(OnKitInternal) @testable import OnKit
import Testing

/// A stand-in for `UIGestureRecognizer`'s targets, with UIKit's rules where they matter: targets
/// held weakly, `removeTarget(nil, action: nil)` removes every pair, no public list of targets,
/// and, as the header does not promise otherwise, a pair added twice is called twice.
@MainActor final class StandInTargetRecognizer: MainActorBound, OnCompatible {
    private struct Pair {
        weak var target: AnyObject?
        let action: @MainActor (AnyObject) -> Void
    }

    private var pairs: [Pair] = []

    func addTarget(_ target: AnyObject, action: @escaping @MainActor (AnyObject) -> Void) {
        pairs.append(Pair(target: target, action: action))
    }

    /// `removeTarget(target, action:)`; `nil` removes every pair (`removeTarget(nil, action: nil)`).
    func removeTarget(_ target: AnyObject?) {
        pairs.removeAll { target == nil || $0.target === target }
    }

    /// What UIKit does on a recognition: calls each live target, in order.
    func recognize() {
        for pair in pairs {
            if let target = pair.target { pair.action(target) }
        }
    }
}

/// The target OnKit adds, as `ActionTarget` does on iOS.
@MainActor final class StandInRecognizerTarget {
    private let relay: ActionRelay<StandInTargetRecognizer>
    init(relay: ActionRelay<StandInTargetRecognizer>) { self.relay = relay }
    func fire() { relay.fire() }
}

enum StandInTargetRecognizerKeys {
    static let targets = AssociationKey<ActionTargets<StandInTargetRecognizer, Int, StandInRecognizerTarget>>(
        "StandInTargetRecognizer.actionTargets", default: ActionTargets()
    )
}

/// The adapter, written as `UIGestureRecognizer+On.swift`'s `on.action` is.
extension On where Base: StandInTargetRecognizer {
    @MainActor var action: ReadOnlyEvent<Base, Void> {
        let recognizer: StandInTargetRecognizer = base
        return On<StandInTargetRecognizer>(recognizer)[StandInTargetRecognizerKeys.targets].eventReAddingTarget(
            for: 0,
            on: recognizer,
            make: { StandInRecognizerTarget(relay: $0) },
            remove: { recognizer.removeTarget($0) },
            add: { recognizer.addTarget($0, action: { ($0 as? StandInRecognizerTarget)?.fire() }) }
        ).readOnly.sent(as: Base.self)
    }
}

/// Issue 22, item 9: after `removeTarget(nil, action: nil)`, the next `on.action` adds OnKit's
/// target back, as a control's is; it is never there twice.
@Suite @MainActor struct GestureTargetTests {
    @Test func targetRemovedByTheAppIsAddedBackByTheNextRegistration() {
        let recognizer = StandInTargetRecognizer()
        let log = Recorder<String>()
        recognizer.on.action { _ in log.append("a") }
        recognizer.removeTarget(nil)  // the app's removeTarget(nil, action: nil)
        recognizer.recognize()
        #expect(log.values.isEmpty)
        recognizer.on.action { _ in log.append("b") }
        recognizer.recognize()
        #expect(log.values == ["a", "b"])
    }

    @Test func everyUseKeepsOnePairSoEachHandlerRunsOncePerRecognition() {
        let recognizer = StandInTargetRecognizer()
        let log = Recorder<String>()
        recognizer.on.action { _ in log.append("a") }
        recognizer.on.action { _ in log.append("b") }
        _ = recognizer.on.action.subscriberCount
        recognizer.recognize()
        #expect(log.values == ["a", "b"])
    }

    @Test func appTargetsAreKeptAndOnKitsRunsAfterThoseAddedBeforeItsLastUse() {
        let recognizer = StandInTargetRecognizer()
        let log = Recorder<String>()
        let before = AppTarget("app before", log: log)
        recognizer.addTarget(before) { ($0 as? AppTarget).map { $0.log.append($0.name) } }
        recognizer.on.action { _ in log.append("handler") }
        let after = AppTarget("app after", log: log)
        recognizer.addTarget(after) { ($0 as? AppTarget).map { $0.log.append($0.name) } }
        recognizer.recognize()
        #expect(log.values == ["app before", "handler", "app after"])
        recognizer.on.action { _ in log.append("handler 2") }
        recognizer.recognize()
        #expect(log.values.suffix(4) == ["app before", "app after", "handler", "handler 2"])
    }
}
