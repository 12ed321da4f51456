#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
// UIKit on watchOS has no views, controls or recognizers; Mac Catalyst is UIKit's.
#if canImport(UIKit)
import UIKit

/// The gesture recognizer of the platform: `UIGestureRecognizer` here, `NSGestureRecognizer` on the Mac.
typealias PlatformGestureRecognizer = UIGestureRecognizer
/// The gesture recognizer delegate protocol of the platform.
typealias PlatformGestureRecognizerDelegate = UIGestureRecognizerDelegate
/// The touch a gesture recognizer is asked about.
typealias PlatformTouch = UITouch
#else
import AppKit

/// The gesture recognizer of the platform: `NSGestureRecognizer` here, `UIGestureRecognizer` on iOS.
typealias PlatformGestureRecognizer = NSGestureRecognizer
/// The gesture recognizer delegate protocol of the platform.
typealias PlatformGestureRecognizerDelegate = NSGestureRecognizerDelegate
/// The touch a gesture recognizer is asked about (a trackpad touch).
typealias PlatformTouch = NSTouch
#endif

/// The delegate OnKit installs on a gesture recognizer, UIKit's and AppKit's alike (their
/// delegate protocols have the same methods, and the same answer without a delegate; AppKit's
/// adds `shouldAttemptToRecognize`). Each method asks the delegate the recognizer had first
/// (`DelegateProxy`'s order), then folds in the handlers' answers by the decision's rule; with no
/// answer at all it returns the platform's default for a recognizer without a delegate.
///
/// On UIKit it claims every method it implements at all times (it names no callbacks to
/// `ObjCDelegateProxy`): each one answers as UIKit would without it when nobody else does. On the
/// Mac it claims a method only while it has handlers or the recognizer's own delegate has it.
@MainActor final class GestureRecognizerDelegateProxy: ObjCDelegateProxy, PlatformGestureRecognizerDelegate, DelegateProxy {
    typealias Recognizer = PlatformGestureRecognizer

    nonisolated static let key = AssociationKey("GestureRecognizer.delegateProxy", default: GestureRecognizerDelegateProxy())
    nonisolated let forwarding = DelegateForwarding<any PlatformGestureRecognizerDelegate>(objectiveC: .weak)
    nonisolated var asDelegate: any PlatformGestureRecognizerDelegate { self }

    nonisolated let shouldBegin = Decision<Recognizer, Void, Bool>.all()
    nonisolated let shouldReceiveTouch = Decision<Recognizer, PlatformTouch, Bool>.all()
    nonisolated let shouldRecognizeSimultaneously = Decision<Recognizer, Recognizer, Bool>.any()
    nonisolated let shouldRequireFailure = Decision<Recognizer, Recognizer, Bool>.any()
    nonisolated let shouldBeRequiredToFail = Decision<Recognizer, Recognizer, Bool>.any()

    func gestureRecognizerShouldBegin(_ recognizer: Recognizer) -> Bool {
        ask(shouldBegin, recognizer, (), else: true) { $0.gestureRecognizerShouldBegin?(recognizer) }
    }

    func gestureRecognizer(_ recognizer: Recognizer, shouldReceive touch: PlatformTouch) -> Bool {
        ask(shouldReceiveTouch, recognizer, touch, else: true) { $0.gestureRecognizer?(recognizer, shouldReceive: touch) }
    }

    // How the recognizer and another one take turns: any may allow or require it (`Decision.any()`).

    func gestureRecognizer(_ recognizer: Recognizer, shouldRecognizeSimultaneouslyWith other: Recognizer) -> Bool {
        ask(shouldRecognizeSimultaneously, recognizer, other, else: false) { $0.gestureRecognizer?(recognizer, shouldRecognizeSimultaneouslyWith: other) }
    }

    func gestureRecognizer(_ recognizer: Recognizer, shouldRequireFailureOf other: Recognizer) -> Bool {
        ask(shouldRequireFailure, recognizer, other, else: false) { $0.gestureRecognizer?(recognizer, shouldRequireFailureOf: other) }
    }

    func gestureRecognizer(_ recognizer: Recognizer, shouldBeRequiredToFailBy other: Recognizer) -> Bool {
        ask(shouldBeRequiredToFail, recognizer, other, else: false) { $0.gestureRecognizer?(recognizer, shouldBeRequiredToFailBy: other) }
    }

    #if canImport(AppKit) && !targetEnvironment(macCatalyst)
    nonisolated let shouldAttemptToRecognize = Decision<Recognizer, NSEvent, Bool>.all()

    func gestureRecognizer(_ recognizer: Recognizer, shouldAttemptToRecognizeWith event: NSEvent) -> Bool {
        ask(shouldAttemptToRecognize, recognizer, event, else: true) { $0.gestureRecognizer?(recognizer, shouldAttemptToRecognizeWith: event) }
    }

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(gestureRecognizerShouldBegin(_:)): shouldBegin
        case #selector(gestureRecognizer(_:shouldReceive:)): shouldReceiveTouch
        case #selector(gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)): shouldRecognizeSimultaneously
        case #selector(gestureRecognizer(_:shouldRequireFailureOf:)): shouldRequireFailure
        case #selector(gestureRecognizer(_:shouldBeRequiredToFailBy:)): shouldBeRequiredToFail
        case #selector(gestureRecognizer(_:shouldAttemptToRecognizeWith:)): shouldAttemptToRecognize
        default: nil
        }
    }
    #endif
}
#endif
