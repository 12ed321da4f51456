#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
import Foundation
import OnKit
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

// Issue 31's coexistence scenarios on a real table view (UITableView on iOS and tvOS,
// NSTableView on macOS), the same orders as Tests/OnKitTests/Coexistence on Linux: stand-ins of
// RxCocoa's proxy, IQKeyboardManager's return-key handler, an Objective-C forwarder and
// CombineCocoa's proxy, each from the library's public algorithm. The callback (a row selected
// on UIKit, a column header clicked on AppKit) goes through the table's `delegate`, as the
// framework sends it.

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

#if canImport(UIKit)
private typealias PlatformTableView = UITableView
private typealias PlatformTableDelegate = UITableViewDelegate
#else
private typealias PlatformTableView = NSTableView
private typealias PlatformTableDelegate = NSTableViewDelegate
#endif

/// A table that holds the other libraries' proxies, as they hold theirs with associated objects.
private final class CoexistenceTableView: PlatformTableView {
    var rxProxy: RxLikeProxy?
    var combineProxy: CombineLikeProxy?
}

/// The callback, as the framework sends it to `delegate` (which may not adopt the protocol).
@MainActor private func deliver(to delegate: AnyObject?, _ table: PlatformTableView) {
    #if canImport(UIKit)
    (delegate as? any UITableViewDelegate)?.tableView?(table, didSelectRowAt: IndexPath(row: 0, section: 0))
    #else
    (delegate as? any NSTableViewDelegate)?.tableView?(table, didClick: NSTableColumn(identifier: .init("name")))
    #endif
}

/// OnKit's handler on the callback.
@MainActor private func onCallback(_ table: PlatformTableView, _ handler: @escaping @MainActor () -> Void) -> EventSubscription {
    #if canImport(UIKit)
    table.on.didSelectRow { handler() }
    #else
    table.on.didClick { handler() }
    #endif
}

/// A delegate whose callback runs `received`, in the platform's spelling.
@MainActor private class CallbackDelegate: NSObject, PlatformTableDelegate {
    func received(_ table: PlatformTableView) {}

    #if canImport(UIKit)
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { received(tableView) }
    #else
    func tableView(_ tableView: NSTableView, didClick tableColumn: NSTableColumn) { received(tableView) }
    #endif
}

/// The app's delegate.
private final class CountingTableDelegate: CallbackDelegate {
    var calls = 0
    override func received(_ table: PlatformTableView) { calls += 1 }
}

/// RxCocoa's `DelegateProxyType.proxy(for:)` and `_RXDelegateProxy`: back in front on every
/// `rx.` access, forwarding (weakly) to what the slot held; `_forwardToDelegate` is public.
private final class RxLikeProxy: CallbackDelegate {
    // nonisolated(unsafe) is sound: written on the main actor only, and read by
    // `responds(to:)`, which the framework and OnKit call there.
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

    nonisolated override func responds(to selector: Selector!) -> Bool {
        super.responds(to: selector) || (_forwardToDelegate?.responds(to: selector) ?? false)
    }

    override func received(_ table: PlatformTableView) {
        observed += 1
        deliver(to: _forwardToDelegate, table)
    }
}

/// IQKeyboardManager's return-key handler: stores the delegate it replaces, implements the
/// methods, calls the stored delegate from each, and says nowhere where it forwards.
private final class ReturnKeyLikeHandler: CallbackDelegate {
    private weak var stored: AnyObject?
    var calls = 0

    func add(_ table: PlatformTableView) {
        stored = table.delegate
        table.delegate = self
    }

    override func received(_ table: PlatformTableView) {
        calls += 1
        guard calls < 50 else { return }  // the real one overflows the stack here
        deliver(to: stored, table)
    }
}

/// An Objective-C forwarder (an analytics shim): it forwards every message it does not
/// implement to the delegate it replaced, so OnKit's marker reaches the proxy through it.
private final class UnknownMessageForwarder: CallbackDelegate {
    // nonisolated(unsafe) is sound: written on the main actor only, and read by `responds(to:)`
    // and `forwardingTarget(for:)`, which the framework and OnKit call there.
    nonisolated(unsafe) private weak var previous: (any NSObjectProtocol)?
    var calls = 0

    func install(on table: PlatformTableView) {
        previous = table.delegate
        table.delegate = self
    }

    nonisolated override func responds(to selector: Selector!) -> Bool {
        super.responds(to: selector) || (previous?.responds(to: selector) ?? false)
    }

    nonisolated override func forwardingTarget(for selector: Selector!) -> Any? { previous }

    override func received(_ table: PlatformTableView) {
        calls += 1
        deliver(to: previous, table)
    }
}

/// CombineCocoa's proxy: takes the slot on every access and forwards to nobody.
private final class CombineLikeProxy: CallbackDelegate {
    var intercepted = 0

    static func proxy(for table: CoexistenceTableView) -> CombineLikeProxy {
        let proxy = table.combineProxy ?? CombineLikeProxy()
        table.combineProxy = proxy
        table.delegate = proxy
        return proxy
    }

    override func received(_ table: PlatformTableView) { intercepted += 1 }
}

/// A table with the app's delegate, and OnKit's handler counting the callbacks it gets.
@MainActor private final class Scene {
    let table = CoexistenceTableView()
    let app = CountingTableDelegate()
    private(set) var handled = 0
    private var subscription: EventSubscription?

    init() { table.delegate = app }

    /// An `on.` call: the first adds the handler, a later one only puts the proxy back (a reused
    /// cell configured again).
    func onkit() {
        if subscription == nil {
            subscription = onCallback(table) { [weak self] in self?.handled += 1 }
        } else {
            _ = onCallback(table) {}.cancel()
        }
    }

    /// The callback, as the framework sends it.
    func call() { deliver(to: table.delegate, table) }
}

@MainActor private func rxInFrontAfterOnKit() async throws {
    let scene = Scene()
    let rx = RxLikeProxy.proxy(for: scene.table)
    scene.onkit()
    _ = RxLikeProxy.proxy(for: scene.table)  // a later rx. access: Rx forwards to OnKit's proxy now
    scene.call()
    try expect(rx.observed == 1 && scene.handled == 1 && scene.app.calls == 1,
               "Rx, OnKit and the app once each; got \(rx.observed), \(scene.handled), \(scene.app.calls)")
}

@MainActor private func returnKeyHandlerBetweenOnCalls() async throws {
    let scene = Scene()
    scene.onkit()
    let handler = ReturnKeyLikeHandler()
    handler.add(scene.table)
    scene.onkit()
    scene.call()
    try expect(handler.calls <= 4 && scene.app.calls == 1, "the loop is cut 4 deep, the app's delegate called once")
    let (calls, handled) = (handler.calls, scene.handled)
    scene.call()
    try expect(handler.calls == calls && scene.handled == handled + 1 && scene.app.calls == 2,
               "then OnKit and the app once each, the handler skipped")
}

@MainActor private func forwardingWrapperStaysInFront() async throws {
    let scene = Scene()
    scene.onkit()
    let forwarder = UnknownMessageForwarder()
    forwarder.install(on: scene.table)
    scene.onkit()
    try expect(scene.table.delegate === forwarder, "the forwarder reaches OnKit's proxy: it stays in front")
    scene.call()
    try expect(forwarder.calls == 1 && scene.handled == 1 && scene.app.calls == 1, "each once")
}

@MainActor private func combineProxyBehindOnKit() async throws {
    let scene = Scene()
    let combine = CombineLikeProxy.proxy(for: scene.table)
    scene.onkit()
    scene.call()
    try expect(combine.intercepted == 1 && scene.handled == 1 && scene.app.calls == 0,
               "CombineCocoa dropped the app's delegate before OnKit came, as without OnKit")
}
#endif
