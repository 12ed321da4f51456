@_spi(OnKitInternal) @testable import OnKit

/// A stand-in for `NSWindow` and its delegate, with what matters to a proxy there and Linux
/// lacks: optional methods the host calls only if its delegate claimed them when it was set,
/// a decision, and a value the delegate returns changed (`windowWillResize(_:to:)`).
enum StandInWindowCallback: Hashable, Sendable {
    case shouldClose, willResize, other
}

@MainActor protocol StandInWindowDelegate: AnyObject {
    func responds(to callback: StandInWindowCallback) -> Bool
    func windowShouldClose(_ window: StandInWindow) -> Bool
    func windowWillResize(_ window: StandInWindow, to size: Int) -> Int
}

@MainActor final class StandInWindow: MainActorBound, OnCompatible {
    private(set) var claimed: Set<StandInWindowCallback> = []

    weak var delegate: (any StandInWindowDelegate)? {
        didSet { claimed = Set([.shouldClose, .willResize, .other].filter { delegate?.responds(to: $0) ?? false }) }
    }

    /// The close button: closes unless the delegate refuses.
    func performClose() -> Bool {
        claimed.contains(.shouldClose) ? delegate?.windowShouldClose(self) ?? true : true
    }

    /// A resize drag: the size the window takes.
    func resize(to size: Int) -> Int {
        claimed.contains(.willResize) ? delegate?.windowWillResize(self, to: size) ?? size : size
    }
}

/// The app's own delegate (a window controller).
@MainActor final class StandInWindowController: StandInWindowDelegate {
    let implements: Set<StandInWindowCallback>
    var calls: [String] = []
    var allowsClose = true
    var minimumSize = 0

    init(implements: Set<StandInWindowCallback>) { self.implements = implements }

    func responds(to callback: StandInWindowCallback) -> Bool { implements.contains(callback) }
    func windowShouldClose(_ window: StandInWindow) -> Bool { calls.append("shouldClose"); return allowsClose }
    func windowWillResize(_ window: StandInWindow, to size: Int) -> Int {
        calls.append("willResize \(size)")
        return max(size, minimumSize)
    }
}

/// The proxy, written as `NSWindowDelegateProxy` is.
@MainActor final class StandInWindowProxy: StandInWindowDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey<StandInWindowProxy>("StandInWindow.delegateProxy", default: StandInWindowProxy())
    nonisolated let forwarding = DelegateForwarding<any StandInWindowDelegate>(ownership: .weak)
    nonisolated var asDelegate: any StandInWindowDelegate { self }

    nonisolated let shouldClose = Decision<StandInWindow, Void, Bool>.all()
    nonisolated let willResize = Event<StandInWindow, Adjustable<Int>>()

    nonisolated init() {}

    func responds(to callback: StandInWindowCallback) -> Bool {
        let targetResponds = forwarding.forward { $0.responds(to: callback) } ?? false
        let source: (any Subscribable)? = switch callback {
        case .shouldClose: shouldClose
        case .willResize: willResize
        case .other: nil
        }
        return DelegateCallbacks.responds(source, targetResponds: { targetResponds }) ?? targetResponds
    }

    func windowShouldClose(_ window: StandInWindow) -> Bool {
        ask(shouldClose, window, (), else: true) { $0.windowShouldClose(window) }
    }

    func windowWillResize(_ window: StandInWindow, to proposed: Int) -> Int {
        var size = forwarding.forward { $0.windowWillResize(window, to: proposed) } ?? proposed
        willResize.send(window, adjusting: &size, proposed: proposed) { $0 }
        return size
    }
}

extension StandInWindow: DelegateProxyHost { typealias OnKitDelegateProxy = StandInWindowProxy }

/// The adapter, written as `NSWindow+On.swift` is: through the generic `On.callback(_:)`.
@MainActor
extension On where Base: StandInWindow {
    var shouldClose: ReadOnlyDecision<Base, Void, Bool> { callback(\.shouldClose) }
    var willResize: ReadOnlyEvent<Base, Adjustable<Int>> { callback(\.willResize) }
}
