#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// The delegate OnKit installs on a gesture recognizer: each method asks the delegate the
/// recognizer had first (`DelegateProxy`'s order), then folds in the handlers' answers by the
/// decision's rule; with no answer at all it returns UIKit's default for a recognizer without
/// a delegate. It claims every method it implements at all times (it names no callbacks to
/// `ObjCDelegateProxy`): each one answers as UIKit would without it when nobody else does.
@MainActor final class GestureRecognizerDelegateProxy: ObjCDelegateProxy, UIGestureRecognizerDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey(
        "UIGestureRecognizer.delegateProxy", default: GestureRecognizerDelegateProxy()
    )
    nonisolated let forwarding = DelegateForwarding<any UIGestureRecognizerDelegate>(ownership: .weak)
    nonisolated var asDelegate: any UIGestureRecognizerDelegate { self }

    nonisolated let shouldBegin = Decision<UIGestureRecognizer, Void, Bool>.all()
    nonisolated let shouldRecognizeSimultaneously = Decision<UIGestureRecognizer, UIGestureRecognizer, Bool>.any()
    nonisolated let shouldRequireFailure = Decision<UIGestureRecognizer, UIGestureRecognizer, Bool>.any()
    nonisolated let shouldBeRequiredToFail = Decision<UIGestureRecognizer, UIGestureRecognizer, Bool>.any()
    nonisolated let shouldReceiveTouch = Decision<UIGestureRecognizer, UITouch, Bool>.all()

    func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        let target = forwarding.target?.gestureRecognizerShouldBegin?(recognizer)
        return shouldBegin.answer(recognizer, (), after: target) ?? true
    }

    func gestureRecognizer(
        _ recognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
    ) -> Bool {
        let target = forwarding.target?.gestureRecognizer?(recognizer, shouldRecognizeSimultaneouslyWith: other)
        return shouldRecognizeSimultaneously.answer(recognizer, other, after: target) ?? false
    }

    func gestureRecognizer(_ recognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool {
        let target = forwarding.target?.gestureRecognizer?(recognizer, shouldRequireFailureOf: other)
        return shouldRequireFailure.answer(recognizer, other, after: target) ?? false
    }

    func gestureRecognizer(_ recognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool {
        let target = forwarding.target?.gestureRecognizer?(recognizer, shouldBeRequiredToFailBy: other)
        return shouldBeRequiredToFail.answer(recognizer, other, after: target) ?? false
    }

    func gestureRecognizer(_ recognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        let target = forwarding.target?.gestureRecognizer?(recognizer, shouldReceive: touch)
        return shouldReceiveTouch.answer(recognizer, touch, after: target) ?? true
    }
}
#endif
