#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

extension On where Base: UIGestureRecognizer {
    /// The recognizer's action, typed by its class: `pan.on.action { pan in … }`.
    ///
    /// ```swift
    /// let pan = UIPanGestureRecognizer()
    /// pan.on.action { pan in
    ///     guard pan.state == .changed else { return }
    ///     card.center.x += pan.translation(in: card).x
    /// }
    /// ```
    ///
    /// A discrete recognizer (a tap) calls it once per recognition; a continuous one (a pan)
    /// on every state change, so check `state`. Any number of handlers, each removable; OnKit
    /// adds one target of its own and never removes targets the app added. An app that removes
    /// every target (`removeTarget(nil, action: nil)`) removes OnKit's too, until the next
    /// `on.action`, which adds it back (as on a control); OnKit's target then runs after the
    /// targets the app added before that call.
    @MainActor public var action: ReadOnlyEvent<Base, Void> {
        let recognizer: UIGestureRecognizer = base
        let fire = #selector(ActionTarget.fire)
        // A recognizer has no public list of its targets to check against, and its header does
        // not promise that adding a pair twice adds it once: OnKit's pair is removed and added
        // again at each use, so it is there exactly once.
        return On<UIGestureRecognizer>(recognizer)[UIGestureRecognizerKeys.targets].eventReAddingTarget(
            for: 0,
            on: recognizer,
            make: { ActionTarget(relay: $0) },
            remove: { recognizer.removeTarget($0, action: fire) },
            add: { recognizer.addTarget($0, action: fire) }
        ).readOnly.sent(as: Base.self)
    }

    /// Whether the recognizer may begin recognizing: `false` keeps it in `.possible` → `.failed`.
    ///
    /// This and the other decisions set the recognizer's `delegate`. On a recognizer whose
    /// delegate UIKit forbids changing — a scroll view's `panGestureRecognizer`,
    /// `pinchGestureRecognizer` or `directionalPressGestureRecognizer`, a navigation controller's
    /// `interactivePopGestureRecognizer`, `barHideOnSwipeGestureRecognizer` or
    /// `barHideOnTapGestureRecognizer` — they are finished instead: a subscription is inactive
    /// at once and a DEBUG build prints why. `on.action` works on every recognizer.
    ///
    /// ```swift
    /// swipe.on.shouldBegin { swipe in !tableView.isEditing }
    /// ```
    ///
    /// Combine rule: all must allow (`Decision.all()`): the delegate the recognizer had is asked
    /// first, then the handlers in order, stopping at the first `false`. `true` when nobody
    /// answers, as for a recognizer without a delegate.
    @MainActor public var shouldBegin: ReadOnlyDecision<Base, Void, Bool> {
        decision(\.shouldBegin)
    }

    /// Whether the recognizer may recognize at the same time as `other`.
    ///
    /// ```swift
    /// pinch.on.shouldRecognizeSimultaneously { pinch, other in
    ///     other is UIRotationGestureRecognizer
    /// }
    /// ```
    ///
    /// Combine rule: any may allow (`Decision.any()`): the previous delegate first, then the
    /// handlers, stopping at the first `true`. `false` when nobody answers (UIKit's default).
    @MainActor public var shouldRecognizeSimultaneously: ReadOnlyDecision<Base, UIGestureRecognizer, Bool> {
        decision(\.shouldRecognizeSimultaneously)
    }

    /// Whether the recognizer must wait for `other` to fail before it recognizes.
    ///
    /// ```swift
    /// singleTap.on.shouldRequireFailure { tap, other in other === doubleTap }
    /// ```
    ///
    /// Combine rule: any may require it (`Decision.any()`), the previous delegate first;
    /// `false` when nobody answers.
    @MainActor public var shouldRequireFailure: ReadOnlyDecision<Base, UIGestureRecognizer, Bool> {
        decision(\.shouldRequireFailure)
    }

    /// Whether `other` must wait for this recognizer to fail before it recognizes.
    ///
    /// ```swift
    /// doubleTap.on.shouldBeRequiredToFail { tap, other in other === singleTap }
    /// ```
    ///
    /// Combine rule: any may require it (`Decision.any()`), the previous delegate first;
    /// `false` when nobody answers.
    @MainActor public var shouldBeRequiredToFail: ReadOnlyDecision<Base, UIGestureRecognizer, Bool> {
        decision(\.shouldBeRequiredToFail)
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
        decision(\.shouldReceiveTouch)
    }

    /// The proxy's `decision` for this recognizer, with the proxy installed (again, if a delegate
    /// was set since). On a recognizer whose delegate UIKit forbids changing (`forbiddenOwner`),
    /// the delegate is left alone: the decision is finished (every subscription inactive, see
    /// <doc:Semantics>, "Finished sources") and a DEBUG build says so; `on.action` still works.
    @MainActor private func decision<Args>(
        _ decision: KeyPath<GestureRecognizerDelegateProxy, Decision<UIGestureRecognizer, Args, Bool>>,
        named name: String = #function
    ) -> ReadOnlyDecision<Base, Args, Bool> {
        let recognizer: UIGestureRecognizer = base
        if let owner = recognizer.forbiddenOwner {
            debugWarning("""
                OnKit: on.\(name) on \(owner) is inactive (a finished source): UIKit forbids changing \
                that recognizer's delegate, so OnKit leaves it alone. on.action works on it.
                """)
            return .finished
        }
        return GestureRecognizerDelegateProxy.installed(on: recognizer, slot: \.delegate)[keyPath: decision]
            .serving(recognizer, as: Base.self)
    }
}

extension UIGestureRecognizer {
    /// Where UIKit made this recognizer and forbids changing its delegate, as
    /// `"UIScrollView.panGestureRecognizer"`; `nil` for any other recognizer.
    ///
    /// - A scroll view's own recognizers (table, collection and text views included): UIScrollView.h,
    ///   "Do not change the gestures' delegates"; UIKit raises when they are changed.
    /// - A navigation controller's `interactivePopGestureRecognizer`: it works only through its
    ///   private delegate (the recognizer's view is the controller's view).
    /// - A navigation controller's `barHideOnSwipeGestureRecognizer` and
    ///   `barHideOnTapGestureRecognizer` (UINavigationController.h: "Do not change the delegate"),
    ///   found once UIKit has put them in a view (`hidesBarsOnSwipe`, `hidesBarsOnTap`).
    @MainActor var forbiddenOwner: String? {
        guard let view else { return nil }
        if let scrollView = view as? UIScrollView {
            if self === scrollView.panGestureRecognizer { return "UIScrollView.panGestureRecognizer" }
            #if os(iOS) || os(visionOS)
            if self === scrollView.pinchGestureRecognizer { return "UIScrollView.pinchGestureRecognizer" }
            if self === scrollView.directionalPressGestureRecognizer {
                return "UIScrollView.directionalPressGestureRecognizer"
            }
            #endif
        }
        #if os(iOS) || os(visionOS)
        if let navigation = view.next as? UINavigationController, self === navigation.interactivePopGestureRecognizer {
            return "UINavigationController.interactivePopGestureRecognizer"
        }
        // The bar-hiding recognizers: UINavigationController.h, "Do not change the delegate". The
        // header does not say which view UIKit puts them in (its own view or a descendant), so
        // every navigation controller up the responder chain is asked; the chain is short.
        var responder: UIResponder? = view
        while let next = responder {
            if let navigation = next as? UINavigationController, let owner = navigation.barHidingOwner(of: self) {
                return owner
            }
            responder = next.next
        }
        #endif
        return nil
    }
}

#if os(iOS) || os(visionOS)
extension UINavigationController {
    /// `"UINavigationController.barHideOnSwipeGestureRecognizer"` (or `…OnTap…`) if `recognizer`
    /// is one of this controller's bar-hiding recognizers, whose delegate UIKit forbids changing.
    @MainActor fileprivate func barHidingOwner(of recognizer: UIGestureRecognizer) -> String? {
        if recognizer === barHideOnSwipeGestureRecognizer { return "UINavigationController.barHideOnSwipeGestureRecognizer" }
        if recognizer === barHideOnTapGestureRecognizer { return "UINavigationController.barHideOnTapGestureRecognizer" }
        return nil
    }
}
#endif

/// Where a gesture recognizer's target is stored (a recognizer holds its targets weakly).
enum UIGestureRecognizerKeys {
    static let targets = AssociationKey<ActionTargets<UIGestureRecognizer, Int, ActionTarget>>(
        "UIGestureRecognizer.actionTargets", default: ActionTargets()
    )
}
#endif
