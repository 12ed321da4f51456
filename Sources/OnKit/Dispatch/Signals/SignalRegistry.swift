import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process's signal watches: one Dispatch signal source per signal with handlers, shared by
/// them through an OnKit `Event`, and the disposition to restore when the last one cancels.
///
/// Every disposition change happens under the registry's lock, so that a last cancel and a new
/// first subscribe of the same signal cannot interleave their `sigaction` calls. Handlers are
/// released outside it.
final class SignalRegistry: Sendable {
    static let shared = SignalRegistry()

    /// How long `subscribe` waits for Dispatch to watch a new signal before returning anyway.
    private static let registrationTimeout = DispatchTimeInterval.seconds(10)

    /// One watched signal.
    private struct Watch: Sendable {
        /// Tells this watch from a later one of the same signal.
        let generation: UInt64
        let event: Event<Signal, Void>
        let source: DispatchSourceHandle
        /// The disposition found when the watch started, restored when it stops.
        let previous: sigaction
        /// Left once Dispatch watches the signal.
        let registered: DispatchGroup
    }

    private struct State {
        var watches: [Int32: Watch] = [:]
        var nextGeneration: UInt64 = 0
    }

    private let state = Locked(State())

    func subscribe(_ signal: Signal, _ handler: @escaping @Sendable (Signal) -> Void) -> Subscription {
        let (watch, subscription) = state.withLock { state in
            let watch = state.watches[signal.number] ?? startWatching(signal, in: &state)
            // Subscribed under the lock: a concurrent last cancel then sees this handler.
            let subscription = watch.event.subscribe { signal, _ in handler(signal) }
            return (watch, subscription)
        }
        // Outside the lock: the registration handler takes it.
        _ = watch.registered.wait(timeout: .now() + Self.registrationTimeout)
        return Subscription { [self] in
            subscription.cancel()  // releases the handler, outside the lock
            stopWatchingIfUnused(signal, generation: watch.generation)
        }
    }

    /// The number of signals watched now (for tests and diagnostics).
    var watchedSignalCount: Int { state.withLock { $0.watches.count } }

    /// Starts a watch: ignore the signal first (a signal arriving before Dispatch watches it
    /// must not end the process), then create the shared source.
    private func startWatching(_ signal: Signal, in state: inout State) -> Watch {
        let number = signal.number
        var previous = sigaction()
        sigaction(number, nil, &previous)
        ignore(number)

        let generation = state.nextGeneration
        state.nextGeneration += 1
        let event = Event<Signal, Void>()
        let registered = DispatchGroup()
        registered.enter()
        let queue = DispatchQueue(label: "OnKit.Signal.\(signal.name)")
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        // The source holds the event (and so the handlers) until it is cancelled.
        source.setEventHandler { event.send(signal, ()) }
        source.setRegistrationHandler { [self] in
            didRegister(signal, generation: generation)
            registered.leave()
        }
        source.resume()

        let watch = Watch(
            generation: generation,
            event: event,
            source: DispatchSourceHandle(source),
            previous: previous,
            registered: registered
        )
        state.watches[number] = watch
        return watch
    }

    /// Runs once Dispatch watches the signal; on Linux, installs the forwarding handler (see
    /// `Signal`), unless the watch already stopped.
    private func didRegister(_ signal: Signal, generation: UInt64) {
        #if os(Linux) && canImport(Glibc)
        state.withLock { state in
            guard state.watches[signal.number]?.generation == generation else { return }
            SignalForwarding.install(for: signal.number)
        }
        #endif
    }

    /// Stops the watch of `generation` if no handler is left: restores the disposition, then
    /// cancels the source.
    private func stopWatchingIfUnused(_ signal: Signal, generation: UInt64) {
        let stopped: DispatchSourceHandle? = state.withLock { state in
            guard let watch = state.watches[signal.number], watch.generation == generation,
                watch.event.subscriberCount == 0
            else { return nil }
            state.watches[signal.number] = nil
            var previous = watch.previous
            sigaction(signal.number, &previous, nil)
            return watch.source
        }
        stopped?.cancel()
    }
}

/// Sets the disposition of `number` to `SIG_IGN` (`signal` itself is shadowed by parameters).
private func ignore(_ number: Int32) {
    #if canImport(Darwin)
    _ = Darwin.signal(number, SIG_IGN)
    #elseif canImport(Glibc)
    _ = Glibc.signal(number, SIG_IGN)
    #elseif canImport(Musl)
    _ = Musl.signal(number, SIG_IGN)
    #endif
}
