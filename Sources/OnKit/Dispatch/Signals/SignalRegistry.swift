import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process's signal watches: one per signal with handlers, shared by them through an OnKit
/// `Event`, and the disposition to restore when the last one cancels.
///
/// How a signal reaches a watch depends on the platform: a `DispatchSourceSignal` (kqueue) on
/// Apple platforms, the process's `SignalPipe` on Linux (see there why not Dispatch's
/// `signalfd`). Either way, a watch never sets `SIG_IGN` on a signal whose default is to be
/// ignored: for `SIGCHLD` that would make the kernel reap children and lose their statuses.
///
/// Every disposition change happens under the registry's lock, so that a last cancel and a new
/// first subscribe of the same signal cannot interleave their `sigaction` calls. Handlers are
/// released outside it.
final class SignalRegistry: Sendable {
    static let shared = SignalRegistry()

    #if canImport(Darwin)
    /// How long `subscribe` waits for Dispatch to watch a new signal before returning anyway.
    private static let registrationTimeout = DispatchTimeInterval.seconds(10)
    #endif

    /// One watched signal.
    private struct Watch: Sendable {
        /// Tells this watch from a later one of the same signal.
        let generation: UInt64
        let event: Event<Signal, Void>
        /// The signal's serial queue, where its handlers run.
        let queue: DispatchQueue
        /// The disposition found when the watch started, restored when it stops; nil when the
        /// watch left the disposition alone.
        let previous: sigaction?
        #if canImport(Darwin)
        let source: DispatchSourceHandle
        /// Left once Dispatch watches the signal.
        let registered: DispatchGroup
        #endif

        /// Stops what delivers the signal to this watch (the disposition is restored already).
        func end() {
            #if canImport(Darwin)
            source.cancel()
            #endif
        }
    }

    private struct State {
        var watches: [Int32: Watch] = [:]
        var nextGeneration: UInt64 = 0
        #if os(Linux) && canImport(Glibc)
        /// Opened by the first watch, kept for the process's life (see `SignalPipe`).
        var pipe: SignalPipe?
        #endif
    }

    private let state = Locked(State())

    func subscribe(
        _ signal: Signal,
        _ handler: @escaping @Sendable (Signal) -> Void
    ) throws(SignalError) -> Subscription {
        let subscribed: Result<(Watch, Subscription), SignalError> = state.withLock { state in
            do throws(SignalError) {
                let watch: Watch
                if let existing = state.watches[signal.number] {
                    watch = existing
                } else {
                    watch = try startWatching(signal, in: &state)
                }
                // Subscribed under the lock: a concurrent last cancel then sees this handler.
                let subscription = watch.event.subscribe { signal, _ in handler(signal) }
                return .success((watch, subscription))
            } catch {
                return .failure(error)
            }
        }
        let (watch, subscription) = try subscribed.get()
        #if canImport(Darwin)
        // Outside the lock: a signal sent before kqueue watches it would be missed.
        _ = watch.registered.wait(timeout: .now() + Self.registrationTimeout)
        #endif
        return Subscription { [self] in
            subscription.cancel()  // releases the handler, outside the lock
            stopWatchingIfUnused(signal, generation: watch.generation)
        }
    }

    /// The number of signals watched now (for tests and diagnostics).
    var watchedSignalCount: Int { state.withLock { $0.watches.count } }

    /// Starts a watch: whatever the first step needs from the system comes first, so that a
    /// failure leaves the disposition untouched.
    private func startWatching(_ signal: Signal, in state: inout State) throws(SignalError) -> Watch {
        let number = signal.number
        let generation = state.nextGeneration
        let event = Event<Signal, Void>()
        let queue = DispatchQueue(label: "OnKit.Signal.\(signal.name)")

        #if canImport(Darwin)
        // kqueue sees a signal whatever its disposition; only a default that ends or stops the
        // process must go while subscribed. One `sigaction` swaps it, nothing in between.
        var previous: sigaction?
        if !Signal.isIgnoredByDefault(number) {
            var ignoring = sigaction()
            ignoring.__sigaction_u.__sa_handler = SIG_IGN
            sigemptyset(&ignoring.sa_mask)
            var replaced = sigaction()
            sigaction(number, &ignoring, &replaced)
            previous = replaced
        }
        let registered = DispatchGroup()
        registered.enter()
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        // The source holds the event (and so the handlers) until it is cancelled.
        source.setEventHandler { event.send(signal, ()) }
        source.setRegistrationHandler { registered.leave() }
        source.resume()
        let watch = Watch(
            generation: generation,
            event: event,
            queue: queue,
            previous: previous,
            source: DispatchSourceHandle(source),
            registered: registered
        )
        #elseif os(Linux) && canImport(Glibc)
        let pipe: SignalPipe
        if let existing = state.pipe {
            pipe = existing
        } else {
            pipe = try SignalPipe(forWatching: number) { [self] number in deliver(number) }
            state.pipe = pipe
        }
        // Installed under the lock: `deliver` finds the watch once it can take the lock.
        let watch = Watch(
            generation: generation,
            event: event,
            queue: queue,
            previous: pipe.install(for: number)
        )
        #else
        _ = (event, queue)
        throw .cannotWatch(number, errno: ENOSYS)
        #endif

        state.nextGeneration += 1
        state.watches[number] = watch
        return watch
    }

    #if os(Linux) && canImport(Glibc)
    /// Called by the pipe's reader for each signal received: runs the handlers on the signal's
    /// queue. A signal whose watch has stopped meanwhile is dropped.
    private func deliver(_ number: Int32) {
        guard let watch = state.withLock({ $0.watches[number] }) else { return }
        let signal = Signal(known: number)
        watch.queue.async { watch.event.send(signal, ()) }
    }
    #endif

    /// Stops the watch of `generation` if no handler is left: restores the disposition, then
    /// stops the delivery.
    private func stopWatchingIfUnused(_ signal: Signal, generation: UInt64) {
        let stopped: Watch? = state.withLock { state in
            guard let watch = state.watches[signal.number], watch.generation == generation,
                watch.event.subscriberCount == 0
            else { return nil }
            state.watches[signal.number] = nil
            if var previous = watch.previous {
                sigaction(signal.number, &previous, nil)
            }
            return watch
        }
        stopped?.end()
    }
}
