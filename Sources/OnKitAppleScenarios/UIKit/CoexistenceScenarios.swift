#if canImport(UIKit) && !os(watchOS)
import Foundation
import OnKit
import UIKit

// Issue 31's coexistence scenarios on a real UITableView (iOS and tvOS), the same orders as
// Tests/OnKitTests/Coexistence on Linux: stand-ins of RxCocoa's proxy, IQKeyboardManager's
// return-key handler, an Objective-C forwarder and CombineCocoa's proxy, each from the
// library's public algorithm. The call goes through the table's `delegate`, as UIKit sends it.

/// The coexistence scenarios of issue 31.
enum CoexistenceScenarios {
    static var all: [Scenario] {
        [
            Scenario("31.1", "RxCocoa's proxy back in front after on.: Rx, OnKit, the app's delegate, once each", run: rxInFrontAfterOnKit),
            Scenario("31.2", "a return-key handler between two on. calls: cut once, then the app's delegate and OnKit once each", run: returnKeyHandlerBetweenOnCalls),
            Scenario("31.3", "a forwarder of unknown messages between two on. calls stays in front: once each", run: forwardingWrapperStaysInFront),
            Scenario("31.4", "CombineCocoa's proxy behind OnKit: OnKit and CombineCocoa once each", run: combineProxyBehindOnKit),
        ]
    }
}

/// A table that holds the other libraries' proxies, as they hold theirs with associated objects.
private final class CoexistenceTableView: UITableView {
    var rxProxy: RxLikeProxy?
    var combineProxy: CombineLikeProxy?
}

/// The app's delegate.
private final class CountingTableDelegate: NSObject, UITableViewDelegate {
    var selections = 0
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selections += 1 }
}

/// RxCocoa's `DelegateProxyType.proxy(for:)` and `_RXDelegateProxy`: back in front on every
/// `rx.` access, forwarding (weakly) to what the slot held; `_forwardToDelegate` is public.
private final class RxLikeProxy: NSObject, UITableViewDelegate {
    // nonisolated(unsafe) is sound: written on the main actor only, and read by
    // `responds(to:)`, which UIKit and OnKit call there.
    @objc nonisolated(unsafe) private(set) weak var _forwardToDelegate: AnyObject?
    var observed = 0

    static func proxy(for table: CoexistenceTableView) -> RxLikeProxy {
        let proxy = table.rxProxy ?? RxLikeProxy()
        table.rxProxy = proxy
        if table.delegate !== proxy {
            proxy._forwardToDelegate = table.delegate
            table.delegate = proxy
        }
        return proxy
    }

    override func responds(to selector: Selector!) -> Bool {
        super.responds(to: selector) || (_forwardToDelegate?.responds(to: selector) ?? false)
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        observed += 1
        (_forwardToDelegate as? any UITableViewDelegate)?.tableView?(tableView, didSelectRowAt: indexPath)
    }
}

/// IQKeyboardManager's return-key handler: stores the delegate it replaces, implements the
/// methods, calls the stored delegate from each, and says nowhere where it forwards.
private final class ReturnKeyLikeHandler: NSObject, UITableViewDelegate {
    private weak var stored: (any UITableViewDelegate)?
    var calls = 0

    func add(_ table: UITableView) {
        stored = table.delegate
        table.delegate = self
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        calls += 1
        guard calls < 50 else { return }  // the real one overflows the stack here
        stored?.tableView?(tableView, didSelectRowAt: indexPath)
    }
}

/// An Objective-C forwarder (an analytics shim): it forwards every message it does not
/// implement to the delegate it replaced, so OnKit's marker reaches the proxy through it.
private final class UnknownMessageForwarder: NSObject, UITableViewDelegate {
    // nonisolated(unsafe) is sound: written on the main actor only, and read by `responds(to:)`
    // and `forwardingTarget(for:)`, which UIKit and OnKit call there.
    nonisolated(unsafe) private weak var previous: (any NSObjectProtocol)?
    var calls = 0

    func install(on table: UITableView) {
        previous = table.delegate
        table.delegate = self
    }

    override func responds(to selector: Selector!) -> Bool {
        super.responds(to: selector) || (previous?.responds(to: selector) ?? false)
    }

    override func forwardingTarget(for selector: Selector!) -> Any? { previous }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        calls += 1
        (previous as? any UITableViewDelegate)?.tableView?(tableView, didSelectRowAt: indexPath)
    }
}

/// CombineCocoa's proxy: takes the slot on every access and forwards to nobody.
private final class CombineLikeProxy: NSObject, UITableViewDelegate {
    var intercepted = 0

    static func proxy(for table: CoexistenceTableView) -> CombineLikeProxy {
        let proxy = table.combineProxy ?? CombineLikeProxy()
        table.combineProxy = proxy
        table.delegate = proxy
        return proxy
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { intercepted += 1 }
}

/// A row selection as UIKit sends it: to whatever the table's delegate is now.
@MainActor private func select(_ table: UITableView) {
    table.delegate?.tableView?(table, didSelectRowAt: IndexPath(row: 0, section: 0))
}

@MainActor private func rxInFrontAfterOnKit() async throws {
    let table = CoexistenceTableView()
    let app = CountingTableDelegate()
    table.delegate = app
    let rx = RxLikeProxy.proxy(for: table)
    var handled = 0
    let subscription = table.on.didSelectRow { handled += 1 }
    _ = RxLikeProxy.proxy(for: table)  // a later rx. access: Rx forwards to OnKit's proxy now
    select(table)
    try expect(rx.observed == 1 && handled == 1 && app.selections == 1,
               "Rx, OnKit and the app once each; got \(rx.observed), \(handled), \(app.selections)")
    subscription.cancel()
}

@MainActor private func returnKeyHandlerBetweenOnCalls() async throws {
    let table = CoexistenceTableView()
    let app = CountingTableDelegate()
    table.delegate = app
    var handled = 0
    let subscription = table.on.didSelectRow { handled += 1 }
    let handler = ReturnKeyLikeHandler()
    handler.add(table)
    _ = table.on.didSelectRow  // a reused cell configured again
    select(table)
    try expect(handler.calls <= 4 && app.selections == 1, "the loop is cut 4 deep, the app's delegate called once")
    let (calls, handledBefore) = (handler.calls, handled)
    select(table)
    try expect(handler.calls == calls && handled == handledBefore + 1 && app.selections == 2,
               "then OnKit and the app once each, the handler skipped")
    subscription.cancel()
}

@MainActor private func forwardingWrapperStaysInFront() async throws {
    let table = CoexistenceTableView()
    let app = CountingTableDelegate()
    table.delegate = app
    var handled = 0
    let subscription = table.on.didSelectRow { handled += 1 }
    let forwarder = UnknownMessageForwarder()
    forwarder.install(on: table)
    _ = table.on.didSelectRow
    try expect(table.delegate === forwarder, "the forwarder reaches OnKit's proxy: it stays in front")
    select(table)
    try expect(forwarder.calls == 1 && handled == 1 && app.selections == 1, "each once")
    subscription.cancel()
}

@MainActor private func combineProxyBehindOnKit() async throws {
    let table = CoexistenceTableView()
    let app = CountingTableDelegate()
    table.delegate = app
    let combine = CombineLikeProxy.proxy(for: table)
    var handled = 0
    let subscription = table.on.didSelectRow { handled += 1 }
    select(table)
    try expect(combine.intercepted == 1 && handled == 1 && app.selections == 0,
               "CombineCocoa dropped the app's delegate before OnKit came, as without OnKit")
    subscription.cancel()
}
#endif
