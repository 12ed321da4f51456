/// The subscribe-only face of a source whose handlers may capture and mutate local,
/// non-`Sendable` state with no lock: a callback of a host that is not `Sendable` and calls back
/// synchronously on the thread that drives it (`parser.on.didStartElement`), or a ``LocalEvent``.
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
/// **Why this is sound.** A local face is not `Sendable`, and neither is its host, so Swift's
/// region-based isolation puts each handler in the host's region: handing the host to another
/// task, queue or thread while a handler's captured state is still used does not compile
/// ("sending … risks causing data races"); a handler formed on an actor (a `@MainActor`
/// function) ties the host to that actor the same way. The host calls its handlers where it
/// runs, so they run where their state lives. Only OnKit makes local faces: the class has no
/// public initializer and cannot be subclassed outside OnKit, and nothing turns a `Sendable`
/// face into a local one.
///
/// **Where the handlers live.** Local handlers are kept in a store of their own that no
/// `Sendable` value reaches: they are added, called, cancelled and released in the face's region
/// only. A handler cancelled during a send (also by itself) is released when that send returns,
/// on its thread. Each registration returns a ``LocalSubscription``, which is not `Sendable`
/// either: cancel it where it was made (there is no `Lifetime` for it; keep it in the object
/// whose handler it is, or discard it and let the handler live as long as its source).
///
/// **The `Sendable` face.** ``shared`` is a face of the same source for `@Sendable` handlers,
/// kept in a store of their own: `values`, `next()` and `publisher` read through
/// (`parser.on.didStartElement.values`). Each call reaches the local handlers first, in the
/// order they were added, then the shared face's.
///
/// **Which hosts have local faces**, decided one by one:
/// - `XMLParser`: yes. It is not `Sendable`, and `parse()` calls its delegate synchronously on
///   the calling thread, before it returns. Its local handlers are released on that thread when
///   the parse ends (see `On.removeLocalHandlers()` for a parse that does not end).
/// - `NSCache`: no. It is thread-safe by design, and evicts from whichever thread sets an object
///   (on Apple platforms also from the system's memory-pressure handling).
/// - `Timer`: no. A timer fires on the run loop it is added to, and `RunLoop.main.add(timer, …)`
///   from another thread moves it there without the compiler seeing a transfer.
/// - `FileManager` and `NotificationCenter` are `Sendable`, used from any thread; `URLSession`
///   calls on its delegate queue; a `DispatchTimer` on its queue; UIKit and AppKit objects on
///   the main actor (`MainActorBound`). None calls back where the handler was added.
@dynamicMemberLookup
public class ReadOnlyLocalDecision<Sender, Args, Answer> {
    /// The local handlers' store, as a face: reached only through this non-`Sendable` class.
    @usableFromInline let local: ReadOnlyDecision<Sender, Args, Answer>

    /// The `Sendable` face of the same source, for `values`, `next()`, `publisher` and
    /// `@Sendable` handlers. Its handlers are kept apart from the local ones.
    public let shared: ReadOnlyDecision<Sender, Args, Answer>

    /// Only OnKit makes local faces: `local` must be a store that only this face's region
    /// reaches (`Event.init(localStore:)`), sent to only where the host runs.
    @usableFromInline
    init(local: ReadOnlyDecision<Sender, Args, Answer>, shared: ReadOnlyDecision<Sender, Args, Answer>) {
        self.local = local
        self.shared = shared
    }

    /// A property of the `Sendable` face (``shared``): `values`, `publisher`.
    public subscript<Value>(dynamicMember property: KeyPath<ReadOnlyDecision<Sender, Args, Answer>, Value>) -> Value {
        shared[keyPath: property]
    }

    /// A face of the same handlers that can subscribe but not send.
    public var readOnly: ReadOnlyLocalDecision { ReadOnlyLocalDecision(local: local, shared: shared) }

    /// The number of registered handlers: the local ones and the shared face's.
    public var subscriberCount: Int { local.subscriberCount + shared.subscriberCount }
}

/// Deliberately not `Sendable`: region-based isolation is what makes its handlers sound.
@available(*, unavailable)
extension ReadOnlyLocalDecision: Sendable {}

/// The subscribe-only face of a ``LocalEvent`` or of a synchronous host's callback.
public typealias ReadOnlyLocalEvent<Sender, Args> = ReadOnlyLocalDecision<Sender, Args, Void>
