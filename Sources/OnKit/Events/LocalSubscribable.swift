/// The surface of a source whose handlers may capture and mutate local, non-`Sendable` state
/// with no lock: the face of a host that is not `Sendable` and calls back synchronously on the
/// thread that drives it (`XMLParser`), and ``LocalEvent``.
///
/// ```swift
/// var titles: [String] = []
/// var text = ""
/// parser.on.didStartElement { text = "" }
/// parser.on.foundCharacters { text += $0 }
/// parser.on.didEndElement { element in
///     if element.name == "title" { titles.append(text) }
/// }
/// let parsed = parser.parse()   // titles: ["First post", "Second post"]
/// ```
///
/// **Why this is sound.** Such a face is not `Sendable`, and neither is its host, so Swift's
/// region-based isolation puts each handler in the host's region: handing the host to another
/// task, queue or thread while a handler's captured state is still used does not compile
/// ("sending … risks causing data races"). The host calls its handlers on the thread that drives
/// it, so they run where their state lives. The shapes are `Subscribable`'s
/// (`Subscribable+Shapes.swift`); `owner:` forms are not offered (capture `[weak owner]`).
/// Everything else — `values`, `next()`, `publisher` — is on ``shared``, the `Sendable` face
/// of the same handlers, which takes `@Sendable` handlers only.
///
/// **Which hosts have local faces**, decided one by one:
/// - `XMLParser`: yes. It is not `Sendable`, and `parse()` calls its delegate synchronously on
///   the calling thread, before it returns.
/// - `NSCache`: no. It is thread-safe by design, and evicts from whichever thread sets an object
///   (on Apple platforms also from the system's memory-pressure handling).
/// - `Timer`: no. A timer fires on the run loop it is added to, and `RunLoop.main.add(timer, …)`
///   from another thread moves it there without the compiler seeing a transfer.
/// - `FileManager` and `NotificationCenter` are `Sendable`, used from any thread; `URLSession`
///   calls on its delegate queue; a `DispatchTimer` on its queue; UIKit and AppKit objects on
///   the main actor (`MainActorBound`). None calls back where the handler was added.
public protocol LocalSubscribable<Sender, Args, Answer> {
    /// What sends: handlers get it first, with its real type.
    associatedtype Sender
    /// What each call carries besides the sender.
    associatedtype Args
    /// What each handler answers: `Void` for events.
    associatedtype Answer

    /// The `Sendable` face of the same handlers, for `values`, `next()`, `publisher` and
    /// `@Sendable` handlers.
    var shared: ReadOnlyDecision<Sender, Args, Answer> { get }
}

extension LocalSubscribable {
    /// Adds `handler`, called on every later call until cancelled, on the thread that drives the host.
    @discardableResult @inlinable
    public func subscribe(_ handler: @escaping (Sender, Args) -> Answer) -> EventSubscription {
        // Sound (see the type): the handler runs only where the host runs, and the compiler keeps
        // the host in the handler's region. `@Sendable` changes no function representation.
        shared.subscribe(unsafeBitCast(handler, to: (@Sendable (Sender, Args) -> Answer).self))
    }

    /// Adds a handler that runs at most once; see ``Subscribable``'s `once(_:)`.
    @discardableResult @inlinable
    public func once(_ handler: @escaping (Sender, Args) -> Answer) -> EventSubscription {
        // Sound: as in `subscribe(_:)`.
        shared.once(unsafeBitCast(handler, to: (@Sendable (Sender, Args) -> Answer).self))
    }

    /// Adds `handler`; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public func callAsFunction(_ handler: @escaping (Sender, Args) -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds `handler`; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public static func += (source: Self, handler: @escaping (Sender, Args) -> Answer) -> EventSubscription {
        source.subscribe(handler)
    }

    /// Adds a handler bound to `owner` (held weakly, handed back); see ``Subscribable``'s
    /// `subscribe(owner:_:)`. The owner is `Sendable`, as there.
    @discardableResult @inlinable
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping (Owner, Sender, Args) -> Answer
    ) -> EventSubscription {
        // Sound: as in `subscribe(_:)`.
        shared.subscribe(owner: owner, unsafeBitCast(handler, to: (@Sendable (Owner, Sender, Args) -> Answer).self))
    }

    /// Adds a handler bound to `owner`; same as `subscribe(owner:_:)`.
    @discardableResult @inlinable
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping (Owner, Sender, Args) -> Answer
    ) -> EventSubscription { subscribe(owner: owner, handler) }

    /// Removes the handler of `subscription` if it was made here; see ``Subscribable``.
    @discardableResult
    public func unsubscribe(_ subscription: EventSubscription) -> Bool { shared.unsubscribe(subscription) }

    /// Removes the handler of `subscription`; same as `unsubscribe(_:)`.
    @discardableResult
    public static func -= (source: Self, subscription: EventSubscription) -> Bool { source.unsubscribe(subscription) }

    /// The number of registered handlers.
    public var subscriberCount: Int { shared.subscriberCount }

    /// Adds a handler that takes no parameters: `parser.on.didEndDocument { print("done") }`.
    @discardableResult @inlinable
    public func subscribe(_ handler: @escaping () -> Answer) -> EventSubscription { subscribe { _, _ in handler() } }

    /// Adds a handler that takes the arguments only: `parser.on.foundCharacters { text += $0 }`.
    @discardableResult @inlinable
    public func subscribe(_ handler: @escaping (Args) -> Answer) -> EventSubscription { subscribe { _, args in handler(args) } }

    /// Adds a one-shot handler that takes no parameters.
    @discardableResult @inlinable
    public func once(_ handler: @escaping () -> Answer) -> EventSubscription { once { _, _ in handler() } }

    /// Adds a one-shot handler that takes the arguments only.
    @discardableResult @inlinable
    public func once(_ handler: @escaping (Args) -> Answer) -> EventSubscription { once { _, args in handler(args) } }

    /// Adds a handler that takes no parameters; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public func callAsFunction(_ handler: @escaping () -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes the arguments only; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public func callAsFunction(_ handler: @escaping (Args) -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes no parameters; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public static func += (source: Self, handler: @escaping () -> Answer) -> EventSubscription { source.subscribe(handler) }

    /// Adds a handler that takes the arguments only; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public static func += (source: Self, handler: @escaping (Args) -> Answer) -> EventSubscription {
        source.subscribe(handler)
    }
}

extension LocalSubscribable where Answer == Void, Args: Sendable {
    /// Waits for the next call and returns its arguments; see ``Subscribable``'s `next()`. It
    /// runs where it is called: to wait in another task (`async let`), use ``shared``.
    nonisolated(nonsending) public func next() async throws -> Args { try await shared.next() }

    /// Waits for the next call whose arguments satisfy `predicate`; see `next()`.
    nonisolated(nonsending) public func next(where predicate: @escaping @Sendable (Args) -> Bool) async throws -> Args {
        try await shared.next(where: predicate)
    }
}

extension LocalSubscribable where Args == Void {
    /// Adds a handler bound to `owner` that takes the owner and the sender.
    @discardableResult @inlinable
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping (Owner, Sender) -> Answer
    ) -> EventSubscription { subscribe(owner: owner) { owner, sender, _ in handler(owner, sender) } }

    /// Adds a handler that takes the sender only: `parser.on.didStartDocument { parser in … }`.
    @discardableResult @inlinable
    public func subscribe(_ handler: @escaping (Sender) -> Answer) -> EventSubscription {
        subscribe { sender, _ in handler(sender) }
    }

    /// Adds a one-shot handler that takes the sender only.
    @discardableResult @inlinable
    public func once(_ handler: @escaping (Sender) -> Answer) -> EventSubscription { once { sender, _ in handler(sender) } }

    /// Adds a handler that takes the sender only; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public func callAsFunction(_ handler: @escaping (Sender) -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes the sender only; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public static func += (source: Self, handler: @escaping (Sender) -> Answer) -> EventSubscription {
        source.subscribe(handler)
    }
}

extension LocalSubscribable where Args: TwoValues {
    /// Adds a flat handler: the sender, then each value.
    @discardableResult @inlinable
    public func subscribe(_ handler: @escaping (Sender, Args.Value1, Args.Value2) -> Answer) -> EventSubscription {
        subscribe { sender, args in let (a, b) = args.elements; return handler(sender, a, b) }
    }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public func callAsFunction(_ handler: @escaping (Sender, Args.Value1, Args.Value2) -> Answer) -> EventSubscription {
        subscribe(handler)
    }

    /// Adds a flat one-shot handler.
    @discardableResult @inlinable
    public func once(_ handler: @escaping (Sender, Args.Value1, Args.Value2) -> Answer) -> EventSubscription {
        once { sender, args in let (a, b) = args.elements; return handler(sender, a, b) }
    }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public static func += (source: Self, handler: @escaping (Sender, Args.Value1, Args.Value2) -> Answer) -> EventSubscription {
        source.subscribe(handler)
    }
}

extension LocalSubscribable where Args: ThreeValues {
    /// Adds a flat handler: the sender, then each value.
    @discardableResult @inlinable
    public func subscribe(_ handler: @escaping (Sender, Args.Value1, Args.Value2, Args.Value3) -> Answer) -> EventSubscription {
        subscribe { sender, args in let (a, b, c) = args.elements; return handler(sender, a, b, c) }
    }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public func callAsFunction(
        _ handler: @escaping (Sender, Args.Value1, Args.Value2, Args.Value3) -> Answer
    ) -> EventSubscription { subscribe(handler) }
}

extension LocalSubscribable where Args: FourValues {
    /// Adds a flat handler: the sender, then each value.
    @discardableResult @inlinable
    public func subscribe(
        _ handler: @escaping (Sender, Args.Value1, Args.Value2, Args.Value3, Args.Value4) -> Answer
    ) -> EventSubscription {
        subscribe { sender, args in let (a, b, c, d) = args.elements; return handler(sender, a, b, c, d) }
    }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public func callAsFunction(
        _ handler: @escaping (Sender, Args.Value1, Args.Value2, Args.Value3, Args.Value4) -> Answer
    ) -> EventSubscription { subscribe(handler) }
}
