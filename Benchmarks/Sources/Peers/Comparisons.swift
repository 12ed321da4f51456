/// Every comparison both runners measure, in the order they are printed.
///
/// To add a pair (for instance the issue-3 adapters: `center.on.notification` against a raw
/// `addObserver(forName:)`, or `model.on.change(of:)` against re-registering
/// `withObservationTracking`), write two `Workload`s in a file of their own and append one
/// `Comparison` to `all`; `onkit-ratios` and the ordo-one target pick it up.
package enum Comparisons {
    package static let all: [Comparison] = send + shapes + literals + peers + owned + subscribeCancel + reclamation + adapters
        + delegates

    /// Per-handler `send` against the closure floor. Goals: issue 21 (one handler at most a
    /// callback property call; ten and a hundred at most half a `[closure]` loop); the one-handler
    /// row against a one-element loop is issue 2's.
    static let send: [Comparison] = [
        Comparison(
            "send vs plain closures",
            SendWorkloads.onKit(handlers: 1), versus: SendWorkloads.callbackProperty(), goal: .atMost(1.0)),
        Comparison(
            "send vs plain closures",
            SendWorkloads.onKit(handlers: 1), versus: SendWorkloads.closureArray(handlers: 1),
            goal: .atMost(1.5)),
        Comparison(
            "send vs plain closures",
            SendWorkloads.onKit(handlers: 10), versus: SendWorkloads.closureArray(handlers: 10),
            goal: .atMost(0.5)),
        Comparison(
            "send vs plain closures",
            SendWorkloads.onKit(handlers: 100), versus: SendWorkloads.closureArray(handlers: 100),
            goal: .atMost(0.5)),
        Comparison(
            "send vs plain closures",
            SendWorkloads.onKit(handlers: 1), versus: SendWorkloads.singleClosure(), goal: .none),
        Comparison(
            "send vs plain closures",
            SendWorkloads.onKit(handlers: 10), versus: SendWorkloads.closureBuffer(handlers: 10),
            goal: .none),
    ]

    /// Per-handler `send` against other multicast mechanisms.
    static let peers: [Comparison] = [1, 10, 100].flatMap { handlers in
        [
            Comparison(
                "send vs OpenCombine / NotificationCenter",
                SendWorkloads.onKit(handlers: handlers), versus: SendWorkloads.openCombine(handlers: handlers),
                goal: .cheaperBy(10)),
            Comparison(
                "send vs OpenCombine / NotificationCenter",
                SendWorkloads.onKit(handlers: handlers),
                versus: SendWorkloads.notificationCenter(handlers: handlers),
                goal: .cheaperBy(10)),
        ]
    }

    /// A lighter closure shape against the `(sender, arguments)` form (issue 13: at most 10
    /// instructions more per handler, counted by `Scripts/instructions.sh`).
    static let shapes: [Comparison] = [1, 10].map { handlers in
        Comparison(
            "{ value in } send vs { sender, value in } send",
            SendWorkloads.onKitValueShape(handlers: handlers), versus: SendWorkloads.onKit(handlers: handlers),
            goal: .none)
    }

    /// Closure literals against closure values (the reabstraction thunk a stored closure value
    /// costs each call; see `SendWorkloads.onKitLiterals`).
    static let literals: [Comparison] = [
        Comparison(
            "closure literals vs closure values",
            SendWorkloads.onKitLiterals(handlers: 1), versus: SendWorkloads.callbackProperty(), goal: .none),
    ] + [1, 10].map { handlers in
        Comparison(
            "closure literals vs closure values",
            SendWorkloads.onKitLiterals(handlers: handlers), versus: SendWorkloads.closureArray(handlers: handlers),
            goal: .none)
    }

    /// Owner-bound handlers against plain ones.
    static let owned: [Comparison] = [1, 10, 100].map { handlers in
        Comparison(
            "subscribe(owner:) send vs plain send",
            SendWorkloads.onKitOwned(handlers: handlers), versus: SendWorkloads.onKit(handlers: handlers),
            goal: .atMost(3))
    } + [
        Comparison(
            "subscribe(owner:) send vs plain send",
            SendWorkloads.onKitOwned(handlers: 100), versus: SendWorkloads.weakOwnerLoop(handlers: 100),
            goal: .atMost(1.2))
    ]

    /// Registration cost: O(1) in the number of subscribers, and near a dictionary's (issue 21:
    /// subscribe + cancel, and a kept subscribe, at most twice their peers').
    static let subscribeCancel: [Comparison] = [
        Comparison(
            "subscribe + cancel",
            SubscribeWorkloads.onKit(others: 10_000), versus: SubscribeWorkloads.onKit(others: 0),
            goal: .within(0.3)),
        Comparison(
            "subscribe + cancel",
            SubscribeWorkloads.onKit(others: 0), versus: SubscribeWorkloads.dictionary(others: 0),
            goal: .atMost(2)),
        Comparison(
            "subscribe + cancel",
            SubscribeWorkloads.onKit(others: 10_000), versus: SubscribeWorkloads.dictionary(others: 10_000),
            goal: .none),
        Comparison(
            "subscribe + cancel",
            RegisterWorkloads.onKit(), versus: RegisterWorkloads.closureArray(), goal: .atMost(2)),
    ]

    /// Issue 21: sends that do not lock because garbage waits, an ask that stops early, and a
    /// registration cost that does not grow with threads that exited.
    static let reclamation: [Comparison] = [
        Comparison(
            "reclamation",
            ReclamationWorkloads.sendWhileBlocked(), versus: ReclamationWorkloads.sendUnblocked(),
            goal: .atMost(1.25)),
        Comparison(
            "reclamation",
            ReclamationWorkloads.askStoppingEarly(), versus: ReclamationWorkloads.askingAll(), goal: .atMost(1.25)),
        Comparison(
            "reclamation",
            ReclamationWorkloads.subscribeCancel(afterExitedThreads: 1_000), versus: SubscribeWorkloads.onKit(others: 0),
            goal: .atMost(1.5)),
        Comparison(
            "reclamation",
            ReclamationWorkloads.subscribeCancel(withLiveThreads: 1_000), versus: SubscribeWorkloads.onKit(others: 0),
            goal: .none),
    ]

    /// Memory per live subscription (K handlers, bytes over baseline / K). Goals: issue 2 for a
    /// handler alone, issue 21 for a handler with its subscription kept.
    package static let memory: [MemoryComparison] = [
        MemoryComparison(
            "plain handler vs closure in an array",
            subject: MemoryWorkloads.onKit, peer: MemoryWorkloads.closureArray, goal: .atMost(1.8)),
        MemoryComparison(
            "owner-bound handler vs closure in an array",
            subject: MemoryWorkloads.onKitOwned, peer: MemoryWorkloads.closureArray, goal: .none),
        MemoryComparison(
            "plain handler + kept EventSubscription vs closure in an array",
            subject: MemoryWorkloads.keptSubscriptions, peer: MemoryWorkloads.closureArray, goal: .atMost(2)),
    ]

    /// Issue 31: what a delegate proxy adds to each forwarded callback (the loop guard included).
    static let delegates: [Comparison] = [
        Comparison(
            "delegate forward", DelegateWorkloads.forward(), versus: DelegateWorkloads.weakDelegate(), goal: .none),
    ]

    /// Every distinct workload, once each (for the ordo-one target, which measures them alone).
    package static var workloads: [Workload] {
        var seen: Set<String> = []
        return all.flatMap { [$0.subject, $0.peer] }.filter { seen.insert($0.name).inserted }
    }

    /// Issue 3: OnKit's adapters against the raw Foundation mechanism they wrap (≤ 1.2×).
    static let adapters: [Comparison] = [1, 10].map { observers in
        Comparison(
            "adapters vs raw Foundation",
            NotificationWorkloads.onKit(observers: observers),
            versus: NotificationWorkloads.raw(observers: observers), goal: .atMost(1.2))
    } + [
        Comparison(
            "adapters vs raw Foundation",
            ObservationWorkloads.onKit(), versus: ObservationWorkloads.rawWithHop(), goal: .atMost(1.2)),
        Comparison(
            "adapters vs raw Foundation",
            ObservationWorkloads.onKit(), versus: ObservationWorkloads.rawSynchronous(), goal: .none),
    ]
}
