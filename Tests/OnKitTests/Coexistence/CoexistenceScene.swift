@_spi(OnKitInternal) @testable import OnKit

/// One scroller with the app's delegate, OnKit's handler and the other libraries' stand-ins,
/// driven by steps in a given order; it counts what each party gets.
@MainActor final class CoexistenceScene {
    /// What the app, OnKit and the other libraries do to the scroller, in the order a row gives.
    enum Step: String, CustomStringConvertible {
        case app = "app's delegate"
        case onkit = "on."
        case rx = "rx."
        case rxSetDelegate = "rx.setDelegate"
        case rxDispose = "dispose rx.setDelegate"
        case iqAdd = "IQ add"
        case iqRemove = "IQ remove"
        case combine = "publisher"
        case forwarderInstall = "forwarder"
        case forwarderUninstall = "forwarder removed"

        var description: String { rawValue }
    }

    /// What each party got from one `scroll()`.
    struct Counts: Equatable, CustomStringConvertible {
        let app: Int
        let onkit: Int
        let other: Int

        init(_ app: Int, _ onkit: Int, _ other: Int) {
            self.app = app
            self.onkit = onkit
            self.other = other
        }

        var description: String { "\(app) / \(onkit) / \(other)" }
    }

    let scroller = StandInScroller()
    let app = StandInAppDelegate(implements: [.didScroll, .shouldScrollToTop])
    let returnKeyHandler = StandInReturnKeyHandler()
    let forwarder = StandInHandForwarder()
    private(set) var handlerRuns = 0
    private var subscription: EventSubscription?
    private var rxDisposal: (() -> Void)?
    private var appSet = false

    var rx: StandInRxProxy? { On(scroller).existingValue(for: StandInRxProxy.key) ?? nil }
    var combine: StandInCombineProxy? { On(scroller).existingValue(for: StandInCombineProxy.key) ?? nil }

    /// Whether any party had to cut a loop itself (the real ones crash there).
    var overflowed: Bool {
        (rx?.cut.overflowed ?? false) || returnKeyHandler.cut.overflowed || forwarder.cut.overflowed
    }

    func run(_ steps: [Step]) {
        for step in steps { perform(step) }
    }

    func perform(_ step: Step) {
        switch step {
        case .app: scroller.delegate = app
        case .onkit:
            // The first `on.` call adds the handler; every later one is another `on.` access
            // (a reused cell configured again).
            if subscription == nil {
                subscription = scroller.on.didScroll { [weak self] in self?.handlerRuns += 1 }
            } else {
                _ = scroller.on.didScroll
            }
        case .rx: StandInRxProxy.proxy(for: scroller)
        case .rxSetDelegate: rxDisposal = StandInRxProxy.installForwardDelegate(app, on: scroller)
        case .rxDispose: rxDisposal?()
        case .iqAdd: returnKeyHandler.add(scroller)
        case .iqRemove: returnKeyHandler.remove(scroller)
        case .combine: StandInCombineProxy.proxy(for: scroller)
        case .forwarderInstall: forwarder.install(on: scroller)
        case .forwarderUninstall: forwarder.uninstall(from: scroller)
        }
    }

    /// One `scroll()`, and what each party got from it; `other` reads the other library's count.
    func scroll(other: (CoexistenceScene) -> Int) -> Counts {
        let before = Counts(app.calls.count, handlerRuns, other(self))
        scroller.scroll()
        return Counts(app.calls.count - before.app, handlerRuns - before.onkit, other(self) - before.other)
    }
}
