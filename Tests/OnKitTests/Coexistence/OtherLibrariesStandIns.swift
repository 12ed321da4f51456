@_spi(OnKitInternal) @testable import OnKit

// Stand-ins of the delegate algorithms of libraries an app already has, on `StandInScroller`,
// each written from the library's public source (learned from, nothing copied). Each counts the
// calls it gets, as the library's own observers would see them, and cuts itself 50 calls deep
// (`OverflowCut`): the real ones do not, and crash (the cut keeps a regression a failed test).

/// How deep a stand-in lets calls nest in itself: 50, then it stops them, and records that it
/// had to (where the real library's stack overflows).
@MainActor final class OverflowCut {
    private(set) var overflowed = false
    private var depth = 0

    /// `body`'s result, or nil once calls nest 50 deep.
    func run<Result>(_ body: () -> Result?) -> Result? {
        depth += 1
        defer { depth -= 1 }
        if depth > 50 { overflowed = true; return nil }
        return body()
    }
}

/// RxCocoa's `DelegateProxyType` and `_RXDelegateProxy` (RxCocoa/Common/DelegateProxyType.swift,
/// DelegateProxy.swift, Runtime/_RXDelegateProxy.m):
/// - `proxy(for:)` runs on every `rx.` access: the proxy is made once and stored on the object;
///   whenever the slot holds anything else, that becomes its (weak) forward delegate and the
///   proxy takes the slot back.
/// - `installForwardDelegate` (used by `rx.setDelegate` and `rx.items`) asserts that the proxy
///   forwards to nobody yet, then sets its forward delegate; disposing it sets nil.
/// - `_forwardToDelegate` is public: OnKit reads it (`ExposedForwarding`).
/// - Every callback fires the `sentMessage`/`methodInvoked` observers, then is forwarded if the
///   forward delegate responds (`RxScrollViewDelegateProxy` implements `scrollViewDidScroll`).
@MainActor final class StandInRxProxy: StandInScrollerDelegate, ForwardingDelegate {
    nonisolated static let key = AssociationKey<StandInRxProxy?>("StandInRx.proxy")

    /// `_forwardToDelegate`: weak, as in `_RXDelegateProxy`.
    // nonisolated(unsafe) is sound here: it is written on the main actor only, and read by
    // `forwardedDelegate`, which OnKit calls where the host calls its delegate (the main actor).
    nonisolated(unsafe) private(set) weak var forwardTo: (any StandInScrollerDelegate)?
    /// What the observers saw: one entry per callback, as `sentMessage` delivers it.
    private(set) var observed: [String] = []
    /// How many times `installForwardDelegate`'s assertion would have stopped a DEBUG build.
    private(set) var assertionsFired = 0
    let cut = OverflowCut()

    nonisolated var forwardedDelegate: AnyObject? { forwardTo }

    /// `DelegateProxyType.proxy(for:)`: what every `rx.` access does.
    @discardableResult
    static func proxy(for scroller: StandInScroller) -> StandInRxProxy {
        let on = On(scroller)
        let proxy = on.existingValue(for: key).flatMap { $0 } ?? StandInRxProxy()
        on[key] = proxy
        if scroller.delegate !== proxy {
            proxy.forwardTo = scroller.delegate
            scroller.delegate = proxy
        }
        return proxy
    }

    /// `DelegateProxyType.installForwardDelegate(_:retainDelegate:onProxyForObject:)`; returns
    /// its disposal.
    static func installForwardDelegate(_ delegate: any StandInScrollerDelegate, on scroller: StandInScroller) -> () -> Void {
        let proxy = proxy(for: scroller)
        if proxy.forwardTo != nil { proxy.assertionsFired += 1 }  // "there is already a delegate"
        proxy.forwardTo = delegate
        return { [weak proxy] in proxy?.forwardTo = nil }
    }

    func responds(to callback: StandInCallback) -> Bool {
        callback == .didScroll || (cut.run { forwardTo?.responds(to: callback) } ?? false)
    }

    func scrollerDidScroll(_ scroller: StandInScroller) {
        observed.append("didScroll")
        cut.run { if forwardTo?.responds(to: .didScroll) == true { forwardTo?.scrollerDidScroll(scroller) } }
    }

    func viewForZooming(in scroller: StandInScroller) -> String? { forwardTo?.viewForZooming(in: scroller) ?? nil }
    func scrollerShouldScrollToTop(_ scroller: StandInScroller) -> Bool { forwardTo?.scrollerShouldScrollToTop(scroller) ?? true }
    func scrollerWillEndDragging(_ scroller: StandInScroller, targetOffset: inout Int) {
        observed.append("willEndDragging")
        forwardTo?.scrollerWillEndDragging(scroller, targetOffset: &targetOffset)
    }
}

/// IQKeyboardManager's `IQKeyboardReturnKeyHandler` (IQKeyboardReturnKeyHandler.swift and
/// IQTextInputViewInfoModel.swift, before it moved to IQKeyboardReturnManager): `add` stores
/// the field's current delegate weakly and makes itself the delegate; it implements every
/// delegate method, and calls the stored delegate from each. It says nowhere where it forwards.
@MainActor final class StandInReturnKeyHandler: StandInScrollerDelegate {
    private weak var stored: (any StandInScrollerDelegate)?
    private(set) var calls = 0
    let cut = OverflowCut()

    /// `add(textInputView:)`.
    func add(_ scroller: StandInScroller) {
        stored = scroller.delegate
        scroller.delegate = self
    }

    /// `remove(textInputView:)`: the stored delegate goes back.
    func remove(_ scroller: StandInScroller) { scroller.delegate = stored }

    func responds(to callback: StandInCallback) -> Bool { callback != .other }

    func scrollerDidScroll(_ scroller: StandInScroller) {
        calls += 1
        cut.run { if stored?.responds(to: .didScroll) == true { stored?.scrollerDidScroll(scroller) } }
    }

    func viewForZooming(in scroller: StandInScroller) -> String? { stored?.viewForZooming(in: scroller) ?? nil }
    func scrollerShouldScrollToTop(_ scroller: StandInScroller) -> Bool { stored?.scrollerShouldScrollToTop(scroller) ?? true }
    func scrollerWillEndDragging(_ scroller: StandInScroller, targetOffset: inout Int) {
        stored?.scrollerWillEndDragging(scroller, targetOffset: &targetOffset)
    }
}

/// CombineCocoa's `DelegateProxy` (DelegateProxy/DelegateProxyType.swift, Runtime/
/// ObjcDelegateProxy.m): `createDelegateProxy(for:)` runs on every publisher access and sets
/// the object's delegate to its proxy each time; the proxy answers every void method of the
/// protocol, hands its arguments to its subscribers, and forwards to nobody.
@MainActor final class StandInCombineProxy: StandInScrollerDelegate {
    nonisolated static let key = AssociationKey<StandInCombineProxy?>("StandInCombine.proxy")
    private(set) var intercepted = 0

    /// `createDelegateProxy(for:)`: what every publisher access does.
    @discardableResult
    static func proxy(for scroller: StandInScroller) -> StandInCombineProxy {
        let on = On(scroller)
        let proxy = on.existingValue(for: key).flatMap { $0 } ?? StandInCombineProxy()
        on[key] = proxy
        scroller.delegate = proxy
        return proxy
    }

    func responds(to callback: StandInCallback) -> Bool { callback == .didScroll || callback == .willEndDragging }
    func scrollerDidScroll(_ scroller: StandInScroller) { intercepted += 1 }
    func viewForZooming(in scroller: StandInScroller) -> String? { nil }
    func scrollerShouldScrollToTop(_ scroller: StandInScroller) -> Bool { true }
    func scrollerWillEndDragging(_ scroller: StandInScroller, targetOffset: inout Int) {}
}

/// An app's hand-written forwarding delegate (a formatter, an analytics shim): it keeps the
/// delegate it replaced, weakly, implements the methods it cares about and calls the previous
/// delegate from each. Pure Swift: it forwards nothing it does not implement.
@MainActor final class StandInHandForwarder: StandInScrollerDelegate {
    private weak var previous: (any StandInScrollerDelegate)?
    private(set) var calls = 0
    let cut = OverflowCut()

    func install(on scroller: StandInScroller) {
        previous = scroller.delegate
        scroller.delegate = self
    }

    func uninstall(from scroller: StandInScroller) { scroller.delegate = previous }

    func responds(to callback: StandInCallback) -> Bool {
        callback == .didScroll || (cut.run { previous?.responds(to: callback) } ?? false)
    }

    func scrollerDidScroll(_ scroller: StandInScroller) {
        calls += 1
        cut.run { if previous?.responds(to: .didScroll) == true { previous?.scrollerDidScroll(scroller) } }
    }


    func viewForZooming(in scroller: StandInScroller) -> String? { previous?.viewForZooming(in: scroller) ?? nil }
    func scrollerShouldScrollToTop(_ scroller: StandInScroller) -> Bool { previous?.scrollerShouldScrollToTop(scroller) ?? true }
    func scrollerWillEndDragging(_ scroller: StandInScroller, targetOffset: inout Int) {
        previous?.scrollerWillEndDragging(scroller, targetOffset: &targetOffset)
    }
}
