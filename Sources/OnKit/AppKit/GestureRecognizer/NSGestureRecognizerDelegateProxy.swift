#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// The `NSGestureRecognizerDelegate` OnKit installs on a gesture recognizer (see `DelegateProxy`
/// and `ObjCDelegateProxy`): each method asks the recognizer's own delegate first, then folds
/// in the handlers' answers by the decision's rule; with no answer at all it returns AppKit's
/// default for a recognizer without a delegate.
@MainActor final class NSGestureRecognizerDelegateProxy: ObjCDelegateProxy, NSGestureRecognizerDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey(
        "NSGestureRecognizer.delegateProxy", default: NSGestureRecognizerDelegateProxy()
    )
    nonisolated let forwarding = DelegateForwarding<any NSGestureRecognizerDelegate>(ownership: .weak)
    nonisolated var asDelegate: any NSGestureRecognizerDelegate { self }

    nonisolated let shouldBegin = Decision<NSGestureRecognizer, Void, Bool>.all()
    nonisolated let shouldAttemptToRecognize = Decision<NSGestureRecognizer, NSEvent, Bool>.all()
    nonisolated let shouldRecognizeSimultaneously = Decision<NSGestureRecognizer, NSGestureRecognizer, Bool>.any()
    nonisolated let shouldRequireFailure = Decision<NSGestureRecognizer, NSGestureRecognizer, Bool>.any()
    nonisolated let shouldBeRequiredToFail = Decision<NSGestureRecognizer, NSGestureRecognizer, Bool>.any()
    nonisolated let shouldReceiveTouch = Decision<NSGestureRecognizer, NSTouch, Bool>.all()

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(gestureRecognizerShouldBegin(_:)): shouldBegin
        case #selector(gestureRecognizer(_:shouldAttemptToRecognizeWith:)): shouldAttemptToRecognize
        case #selector(gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)): shouldRecognizeSimultaneously
        case #selector(gestureRecognizer(_:shouldRequireFailureOf:)): shouldRequireFailure
        case #selector(gestureRecognizer(_:shouldBeRequiredToFailBy:)): shouldBeRequiredToFail
        case #selector(gestureRecognizer(_:shouldReceive:)): shouldReceiveTouch
        default: nil
        }
    }

    func gestureRecognizerShouldBegin(_ recognizer: NSGestureRecognizer) -> Bool {
        shouldBegin.answer(recognizer, (), after: forwarding.target?.gestureRecognizerShouldBegin?(recognizer)) ?? true
    }

    func gestureRecognizer(_ recognizer: NSGestureRecognizer, shouldAttemptToRecognizeWith event: NSEvent) -> Bool {
        let target = forwarding.target?.gestureRecognizer?(recognizer, shouldAttemptToRecognizeWith: event)
        return shouldAttemptToRecognize.answer(recognizer, event, after: target) ?? true
    }

    func gestureRecognizer(
        _ recognizer: NSGestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: NSGestureRecognizer
    ) -> Bool {
        let target = forwarding.target?.gestureRecognizer?(recognizer, shouldRecognizeSimultaneouslyWith: other)
        return shouldRecognizeSimultaneously.answer(recognizer, other, after: target) ?? false
    }

    func gestureRecognizer(_ recognizer: NSGestureRecognizer, shouldRequireFailureOf other: NSGestureRecognizer) -> Bool {
        let target = forwarding.target?.gestureRecognizer?(recognizer, shouldRequireFailureOf: other)
        return shouldRequireFailure.answer(recognizer, other, after: target) ?? false
    }

    func gestureRecognizer(_ recognizer: NSGestureRecognizer, shouldBeRequiredToFailBy other: NSGestureRecognizer) -> Bool {
        let target = forwarding.target?.gestureRecognizer?(recognizer, shouldBeRequiredToFailBy: other)
        return shouldBeRequiredToFail.answer(recognizer, other, after: target) ?? false
    }

    func gestureRecognizer(_ recognizer: NSGestureRecognizer, shouldReceive touch: NSTouch) -> Bool {
        let target = forwarding.target?.gestureRecognizer?(recognizer, shouldReceive: touch)
        return shouldReceiveTouch.answer(recognizer, touch, after: target) ?? true
    }
}
#endif
