#if canImport(UIKit)
import UIKit

extension On where Base: UIGestureRecognizer {
    /// The recognizer's action, typed by its class: `pan.on.action { pan in … }`.
    ///
    /// ```swift
    /// let pan = UIPanGestureRecognizer()
    /// pan.on.action { pan in
    ///     if pan.state == .changed { card.center.x += pan.translation(in: card).x }
    /// }
    /// ```
    ///
    /// A discrete recognizer (a tap) calls it once per recognition; a continuous one (a pan)
    /// on every state change, so check `state`. Any number of handlers, each removable; OnKit
    /// adds one target of its own, once, and never removes targets the app added. An app that
    /// removes every target (`removeTarget(nil, action: nil)`) removes OnKit's too, for good.
    @MainActor public var action: ReadOnlyEvent<Base, Void> {
        let recognizer: UIGestureRecognizer = base
        return On<UIGestureRecognizer>(recognizer)[UIGestureRecognizerKeys.targets].event(
            for: 0,
            on: recognizer,
            make: { ActionTarget(relay: $0) },
            // Added once: a recognizer has no public list of its targets to check against, and
            // its header does not promise that adding a pair twice adds it once. (An app that
            // calls `removeTarget(nil, action: nil)` removes every target, OnKit's too.)
            isAdded: { _ in true },
            add: { recognizer.addTarget($0, action: #selector(ActionTarget.fire)) }
        ).readOnly.sent(as: Base.self)
    }

    /// Whether the recognizer may begin recognizing: `false` keeps it in `.possible` → `.failed`.
    ///
    /// ```swift
    /// swipe.on.shouldBegin { swipe in !tableView.isEditing }
    /// ```
    ///
    /// Combine rule: all must allow (`Decision.all()`): the delegate the recognizer had is asked
    /// first, then the handlers in order, stopping at the first `false`. `true` when nobody
    /// answers, as for a recognizer without a delegate.
    @MainActor public var shouldBegin: ReadOnlyDecision<Base, Void, Bool> {
        proxy.shouldBegin.readOnly.sent(as: Base.self)
    }

    /// Whether the recognizer may recognize at the same time as `other`.
    ///
    /// ```swift
    /// pinch.on.shouldRecognizeSimultaneously { pinch, other in other is UIRotationGestureRecognizer }
    /// ```
    ///
    /// Combine rule: any may allow (`Decision.any()`): the previous delegate first, then the
    /// handlers, stopping at the first `true`. `false` when nobody answers (UIKit's default).
    @MainActor public var shouldRecognizeSimultaneously: ReadOnlyDecision<Base, UIGestureRecognizer, Bool> {
        proxy.shouldRecognizeSimultaneously.readOnly.sent(as: Base.self)
    }

    /// Whether the recognizer must wait for `other` to fail before it recognizes.
    ///
    /// ```swift
    /// singleTap.on.shouldRequireFailure { singleTap, other in other === doubleTap }
    /// ```
    ///
    /// Combine rule: any may require it (`Decision.any()`), the previous delegate first;
    /// `false` when nobody answers.
    @MainActor public var shouldRequireFailure: ReadOnlyDecision<Base, UIGestureRecognizer, Bool> {
        proxy.shouldRequireFailure.readOnly.sent(as: Base.self)
    }

    /// Whether `other` must wait for this recognizer to fail before it recognizes.
    ///
    /// ```swift
    /// doubleTap.on.shouldBeRequiredToFail { doubleTap, other in other === singleTap }
    /// ```
    ///
    /// Combine rule: any may require it (`Decision.any()`), the previous delegate first;
    /// `false` when nobody answers.
    @MainActor public var shouldBeRequiredToFail: ReadOnlyDecision<Base, UIGestureRecognizer, Bool> {
        proxy.shouldBeRequiredToFail.readOnly.sent(as: Base.self)
    }

    /// Whether the recognizer gets `touch` at all.
    ///
    /// ```swift
    /// tap.on.shouldReceiveTouch { tap, touch in !(touch.view is UIControl) }
    /// ```
    ///
    /// Combine rule: all must allow (`Decision.all()`), the previous delegate first, stopping
    /// at the first `false`; `true` when nobody answers.
    @MainActor public var shouldReceiveTouch: ReadOnlyDecision<Base, UITouch, Bool> {
        proxy.shouldReceiveTouch.readOnly.sent(as: Base.self)
    }

    /// The recognizer's delegate proxy, installed (again, if a delegate was set since).
    @MainActor private var proxy: GestureRecognizerDelegateProxy {
        GestureRecognizerDelegateProxy.installed(on: base as UIGestureRecognizer, slot: \.delegate)
    }
}

/// Where a gesture recognizer's target is stored (a recognizer holds its targets weakly).
enum UIGestureRecognizerKeys {
    static let targets = AssociationKey<ActionTargets<UIGestureRecognizer, Int, ActionTarget>>(
        "UIGestureRecognizer.actionTargets", default: ActionTargets()
    )
}
#endif
