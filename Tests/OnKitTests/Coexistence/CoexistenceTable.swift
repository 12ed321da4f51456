/// The orders × parties table of `CoexistenceTests`: for each library, OnKit first, the other
/// first, interleaved, re-installed, removed, and the app's delegate set last. Counts are
/// app's delegate / OnKit's handler / the other library, for one callback; every 0 and every
/// count above 1 says why.
enum CoexistenceTable {
    typealias Row = CoexistenceTests.Row
    typealias Counts = CoexistenceScene.Counts

    static let once = Counts(1, 1, 1)

    static let rows: [Row] = rxCocoa + iqKeyboardManager + combineCocoa + handWrittenForwarder

    /// RxCocoa's proxy says where it forwards (`_forwardToDelegate`), so every loop it makes is
    /// seen and cut before the call, and the app's delegate it hid is remembered.
    static let rxCocoa: [Row] = [
        Row(library: .rxCocoa, steps: [.app, .onkit, .rx], first: once, later: once),
        Row(library: .rxCocoa, steps: [.app, .rx, .onkit], first: once, later: once),
        Row(library: .rxCocoa, steps: [.app, .rx, .onkit, .rx], first: once, later: once,
            why: "Rx forwards to OnKit, OnKit past Rx to the app's delegate it remembered"),
        Row(library: .rxCocoa, steps: [.app, .onkit, .rx, .onkit], first: once, later: once,
            why: "the second on. leaves Rx in front: it forwards to OnKit already"),
        Row(library: .rxCocoa, steps: [.app, .rx, .onkit, .rx, .onkit, .rx], first: once, later: once),
        Row(library: .rxCocoa, steps: [.rxSetDelegate, .onkit], first: once, later: once,
            why: "the README's order: rx.setDelegate (or rx.items) before the first on."),
        Row(library: .rxCocoa, steps: [.onkit, .rxSetDelegate], first: Counts(1, 0, 1), later: Counts(1, 0, 1),
            rxAssertions: 1,
            why: "RxCocoa asserts (OnKit's proxy is already its forward delegate), then replaces it: OnKit resumes at its next on."),
        Row(library: .rxCocoa, steps: [.onkit, .rxSetDelegate, .onkit], first: once, later: once, rxAssertions: 1),
        Row(library: .rxCocoa, steps: [.rxSetDelegate, .onkit, .rxDispose], first: Counts(0, 1, 1), later: Counts(0, 1, 1),
            why: "disposing rx.setDelegate removes the app's delegate, as it does without OnKit"),
        Row(library: .rxCocoa, steps: [.onkit, .rx, .app], first: Counts(1, 0, 0), later: Counts(1, 0, 0),
            why: "the app's delegate replaced both proxies; each resumes at its next access"),
        Row(library: .rxCocoa, steps: [.onkit, .rx, .app, .rx, .onkit], first: once, later: once),
    ]

    /// IQKeyboardManager's return-key handler stores the delegate it replaces and says nowhere
    /// where it forwards: the loop it makes with a later `on.` call is found by nesting.
    static let iqKeyboardManager: [Row] = [
        Row(library: .iqKeyboard, steps: [.app, .iqAdd, .onkit], first: once, later: once),
        Row(library: .iqKeyboard, steps: [.app, .onkit, .iqAdd], first: once, later: once),
        Row(library: .iqKeyboard, steps: [.app, .onkit, .iqAdd, .onkit], first: Counts(1, 5, 4), later: Counts(1, 1, 0),
            why: "IQ calls OnKit, which a later on. made forward to IQ: cut 4 deep once (DEBUG names IQ), then IQ is skipped"),
        Row(library: .iqKeyboard, steps: [.app, .onkit, .iqAdd, .iqRemove], first: Counts(1, 1, 0), later: Counts(1, 1, 0),
            why: "IQ removed itself"),
        Row(library: .iqKeyboard, steps: [.onkit, .iqAdd, .app], first: Counts(1, 0, 0), later: Counts(1, 0, 0),
            why: "the app's delegate replaced IQ, which held OnKit: both resume when added again"),
    ]

    /// CombineCocoa's proxy takes the slot on every access and forwards to nobody.
    static let combineCocoa: [Row] = [
        Row(library: .combineCocoa, steps: [.app, .onkit, .combine], first: Counts(0, 0, 1), later: Counts(0, 0, 1),
            why: "CombineCocoa replaced the delegate and forwards to nobody, as it does without OnKit"),
        Row(library: .combineCocoa, steps: [.app, .combine, .onkit], first: Counts(0, 1, 1), later: Counts(0, 1, 1),
            why: "CombineCocoa dropped the app's delegate before OnKit came"),
        Row(library: .combineCocoa, steps: [.app, .onkit, .combine, .onkit], first: Counts(0, 1, 1), later: Counts(0, 1, 1),
            why: "as above"),
        Row(library: .combineCocoa, steps: [.app, .combine, .onkit, .combine], first: Counts(0, 0, 1), later: Counts(0, 0, 1),
            why: "CombineCocoa took the slot back; OnKit resumes at its next on."),
    ]

    /// A hand-written forwarder stores the delegate it replaces and forwards `responds(to:)` to
    /// it too, so the loop a later `on.` call makes is found while the host asks what it claims.
    static let handWrittenForwarder: [Row] = [
        Row(library: .forwarder, steps: [.app, .forwarderInstall, .onkit], first: once, later: once),
        Row(library: .forwarder, steps: [.app, .onkit, .forwarderInstall], first: once, later: once),
        Row(library: .forwarder, steps: [.app, .onkit, .forwarderInstall, .onkit], first: Counts(1, 1, 0), later: Counts(1, 1, 0),
            why: "the forwarder's responds(to:) came back to OnKit when the host asked: it is skipped (DEBUG names it)"),
        Row(library: .forwarder, steps: [.app, .onkit, .forwarderInstall, .forwarderUninstall], first: Counts(1, 1, 0),
            later: Counts(1, 1, 0), why: "the forwarder removed itself"),
        Row(library: .forwarder, steps: [.onkit, .forwarderInstall, .app], first: Counts(1, 0, 0), later: Counts(1, 0, 0),
            why: "the app's delegate replaced the forwarder, which held OnKit"),
    ]
}
