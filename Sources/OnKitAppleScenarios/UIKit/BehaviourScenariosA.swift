#if canImport(UIKit) && os(iOS)
import Foundation
import OnKit
import UIKit

// Issue 22's UIKit scenarios for items 1, 3, 4, 6 and 12, against real UIKit objects, listed in
// `BehaviourScenariosA.all`; type-checked for iOS by `apple-typecheck` until a Mac runs them. Each
// throws a `ScenarioAFailure` naming what UIKit would do and what happened instead.

/// The UIKit scenarios of items 1, 3, 4, 6 and 12.
enum BehaviourScenariosA {
    static var all: [Scenario] {
        [
            Scenario("22.1", "a delegate that adopts no protocol keeps its callbacks", run: scenarioA1InformalTableDelegateKeepsItsCallbacks),
            Scenario("22.3", "a dead delegate makes the table ask again", run: scenarioA3DeadDelegateMakesTheTableAskAgain),
            Scenario("22.4", "a wrapper in the slot is asked again", run: scenarioA4WrapperInTheSlotIsAskedAgain),
            Scenario("22.6", "a delegate set later is followed at the next on. call", run: scenarioA6LaterDelegateIsFollowedAtTheNextOnCall),
            Scenario("22.12", "the forwarding target is the live delegate", run: scenarioA12ForwardingTargetIsTheLiveDelegate),
        ]
    }
}

/// A scenario's check that failed.
private struct ScenarioAFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A table view that counts how often its delegate is set: UIKit asks a delegate
/// `responds(to:)` again only when it is set, so a count of sets shows that OnKit made it ask.
private final class SetCountingTableView: UITableView {
    private(set) var delegateSets = 0
    override var delegate: (any UITableViewDelegate)? {
        didSet { delegateSets += 1 }
    }
}

/// An app's Objective-C-style delegate that implements table view delegate methods but adopts
/// no protocol, as a controller wired in a xib or an `NSProxy` multiplexer may.
private final class InformalTableDelegate: NSObject {
    var selections = 0
    @objc(tableView:heightForRowAtIndexPath:) func height(_ table: UITableView, _ indexPath: IndexPath) -> CGFloat { 77 }
    @objc(tableView:didSelectRowAtIndexPath:) func select(_ table: UITableView, _ indexPath: IndexPath) { selections += 1 }
    @objc(tableView:willDisplayCell:forRowAtIndexPath:) func willDisplay(_ table: UITableView, _ cell: UITableViewCell, _ indexPath: IndexPath) {}
}

/// A formal delegate with a row height, the kind a pushed controller sets.
private final class RowHeightDelegate: NSObject, UITableViewDelegate {
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 77 }
}

/// An analytics SDK's wrapper: it forwards every message it does not implement to what it wraps.
private final class ForwardingWrapper: NSObject {
    let wrapped: (any NSObjectProtocol)?
    init(wrapping wrapped: (any NSObjectProtocol)?) { self.wrapped = wrapped }
    override func responds(to selector: Selector!) -> Bool {
        super.responds(to: selector) || (wrapped?.responds(to: selector) ?? false)
    }
    override func forwardingTarget(for selector: Selector!) -> Any? { wrapped }
}

/// How often a handler ran.
@MainActor private final class Count {
    var value = 0
}

private let heightSelector = #selector(RowHeightDelegate.tableView(_:heightForRowAt:))

/// Sets `table`'s delegate to an object that declares no `UITableViewDelegate`, as Objective-C can.
@MainActor private func setInformalDelegate(_ object: NSObject, on table: UITableView) {
    table.perform(NSSelectorFromString("setDelegate:"), with: object)
}

/// Item 1: a delegate that adopts no protocol keeps every callback once an `on.` handler is added.
@MainActor public func scenarioA1InformalTableDelegateKeepsItsCallbacks() throws {
    let table = UITableView()
    let informal = InformalTableDelegate()
    setInformalDelegate(informal, on: table)
    let handled = Count()
    table.on.didSelectRow { _ in handled.value += 1 }
    let path = IndexPath(row: 0, section: 0)
    guard let delegate = table.delegate else { throw ScenarioAFailure("OnKit's proxy is not the table's delegate") }
    delegate.tableView?(table, didSelectRowAt: path)
    if informal.selections != 1 || handled.value != 1 {
        throw ScenarioAFailure("didSelectRow reached the app's delegate \(informal.selections)x and the handler \(handled.value)x, not 1x each")
    }
    if !(delegate.responds(to: heightSelector)) {
        throw ScenarioAFailure("the proxy does not claim heightForRowAt, which the app's delegate implements")
    }
    if delegate.tableView?(table, heightForRowAt: path) != 77 {
        throw ScenarioAFailure("heightForRowAt did not reach the app's delegate")
    }
    withExtendedLifetime(informal) {}
}

/// Item 12: a selector OnKit does not handle goes straight to the live delegate
/// (`forwardingTarget(for:)`, no `NSInvocation`); once it is gone, no fast target.
@MainActor public func scenarioA12ForwardingTargetIsTheLiveDelegate() throws {
    let table = UITableView()
    let proxy: NSObject? = try autoreleasepool {
        let app = RowHeightDelegate()
        table.delegate = app
        table.on.didSelectRow { _ in }
        let proxy = table.delegate as? NSObject
        if proxy?.forwardingTarget(for: heightSelector) as AnyObject? !== app {
            throw ScenarioAFailure("heightForRowAt is not forwarded straight to the app's delegate")
        }
        return proxy
    }
    guard let proxy else { throw ScenarioAFailure("no proxy in the slot") }
    if proxy.forwardingTarget(for: heightSelector) != nil {
        throw ScenarioAFailure("a dead delegate is still a forwarding target")
    }
}

/// Item 3: a popped controller, the table's delegate, deallocates: the table asks again and falls
/// back to its own `rowHeight` instead of getting 0 from the proxy for the rest of its life.
@MainActor public func scenarioA3DeadDelegateMakesTheTableAskAgain() async throws {
    let table = SetCountingTableView()
    let proxy: (any UITableViewDelegate)? = autoreleasepool {
        let app = RowHeightDelegate()  // a pushed controller
        table.delegate = app
        table.on.didSelectRow { _ in }
        return table.delegate
    }  // popped: the controller is gone
    guard let proxy else { throw ScenarioAFailure("no proxy in the slot") }
    let sets = table.delegateSets
    for _ in 0..<100 where table.delegateSets < sets + 2 { await Task.yield() }
    if table.delegateSets < sets + 2 {
        throw ScenarioAFailure("the table was not made to ask its delegate again after the app's delegate died")
    }
    if proxy.responds(to: heightSelector) {
        throw ScenarioAFailure("the proxy still claims the dead delegate's heightForRowAt")
    }
}

/// Item 4: an analytics SDK's wrapper holds the slot and forwards to the proxy; the first
/// `willDisplayCell` handler still makes the table ask again, through the wrapper.
@MainActor public func scenarioA4WrapperInTheSlotIsAskedAgain() throws {
    let table = SetCountingTableView()
    _ = table.on.didSelectRow
    let wrapper = ForwardingWrapper(wrapping: table.delegate)
    setInformalDelegate(wrapper, on: table)
    let sets = table.delegateSets
    table.on.willDisplayCell { _ in }
    if table.delegate !== wrapper { throw ScenarioAFailure("the wrapper was taken out of the slot") }
    if table.delegateSets != sets + 2 {
        throw ScenarioAFailure("the table was not made to ask again through the wrapper (\(table.delegateSets - sets) sets)")
    }
    let willDisplay = #selector(InformalTableDelegate.willDisplay(_:_:_:))
    if !wrapper.responds(to: willDisplay) { throw ScenarioAFailure("willDisplayCell is not claimed through the wrapper") }
}

/// Item 6 (UIKit): a delegate set after OnKit displaces the proxy until the next `on.` call,
/// which puts it back and forwards to that delegate (UIKit does not promise KVO on `delegate`).
@MainActor public func scenarioA6LaterDelegateIsFollowedAtTheNextOnCall() throws {
    let table = UITableView()
    let handled = Count()
    table.on.didSelectRow { _ in handled.value += 1 }
    let app = RowHeightDelegate()
    table.delegate = app
    if table.delegate !== app { throw ScenarioAFailure("UIKit did not take the app's delegate") }
    _ = table.on.didDeselectRow
    guard let proxy = table.delegate, proxy !== app else { throw ScenarioAFailure("the next on. call did not put the proxy back") }
    proxy.tableView?(table, didSelectRowAt: IndexPath(row: 0, section: 0))
    if handled.value != 1 { throw ScenarioAFailure("the handler was not called after the proxy was put back") }
    if proxy.tableView?(table, heightForRowAt: IndexPath(row: 0, section: 0)) != 77 {
        throw ScenarioAFailure("the later delegate is not forwarded to")
    }
}
#endif
