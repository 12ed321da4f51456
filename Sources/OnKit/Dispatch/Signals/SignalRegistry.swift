import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process's signal events: one per signal, made on first use and kept, watching the signal
/// (a `DispatchSourceSignal` on Apple platforms, the `SignalPipe` on Linux) only while it has
/// handlers. A watch starts and stops under its `DemandSource`'s lock, so a last cancel and a
/// new first subscribe cannot interleave their `sigaction` calls.
final class SignalRegistry: Sendable {
    static let shared = SignalRegistry()

    #if canImport(Darwin)
    /// How long a first subscribe waits for Dispatch to watch a new signal before returning anyway.
    private static let registrationTimeout = DispatchTimeInterval.seconds(10)
    #endif

    /// A running watch of one signal.
    private struct Watch: Sendable {
        /// Where handlers run; new for each watch, so a late delivery of the last never delays it.
        let queue: DispatchQueue
        /// The disposition to restore when the watch stops; nil if it was left alone.
        let previous: sigaction?
        #if canImport(Darwin)
        let source: DispatchSourceHandle
        #endif
    }

    /// One signal's event, and its watch while it has handlers.
    private struct Entry: Sendable {
        let event: DemandSource<Signal, Void>
        let watch: Locked<Watch?>
    }

    private struct State {
        var entries: [Int32: Entry] = [:]
        #if os(Linux) && canImport(Glibc)
        /// Opened by the first `event(of:)`, kept for the process's life (see `SignalPipe`).
        var pipe: SignalPipe?
        #endif
    }

    private let state = Locked(State())

    /// The event of `signal`; what a watch needs is obtained here, so subscribing cannot fail.
    func event(of signal: Signal) throws(SignalError) -> ReadOnlyEvent<Signal, Void> {
        let made: Result<Entry, SignalError> = state.withLock { state in
            if let existing = state.entries[signal.number] { return .success(existing) }
            #if os(Linux) && canImport(Glibc)
            if state.pipe == nil {
                do throws(SignalError) {
                    state.pipe = try SignalPipe(forWatching: signal.number) { [self] number in deliver(number) }
                } catch { return .failure(error) }
            }
            #elseif !canImport(Darwin)
            return .failure(.cannotWatch(signal.number, errno: ENOSYS))
            #endif
            let entry = makeEntry(signal, in: state)
            state.entries[signal.number] = entry
            return .success(entry)
        }
        return try made.get().event.face
    }

    /// The number of signals watched now (for tests and diagnostics).
    var watchedSignalCount: Int {
        state.withLock { $0.entries.values.filter { $0.watch.withLock { $0 != nil } }.count }
    }

    private func makeEntry(_ signal: Signal, in state: State) -> Entry {
        #if os(Linux) && canImport(Glibc)
        // Sound: `event(of:)` opened the pipe before making any entry.
        let pipe = state.pipe!
        #endif
        let watch = Locked<Watch?>(nil)
        let event = DemandSource<Signal, Void>(restarts: true) { event in
            let number = signal.number
            let queue = DispatchQueue(label: "OnKit.Signal.\(signal.name)")
            #if canImport(Darwin)
            // kqueue sees a signal whatever its disposition; only a default that ends or stops
            // the process must go, swapped by one `sigaction`.
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
            watch.withLock { $0 = Watch(queue: queue, previous: previous, source: DispatchSourceHandle(source)) }
            // A signal sent before kqueue watches it would be missed: subscribing returns after.
            _ = registered.wait(timeout: .now() + Self.registrationTimeout)
            #elseif os(Linux) && canImport(Glibc)
            // Installed under the watch's lock: `deliver` finds the watch once it can take it.
            watch.withLock { $0 = Watch(queue: queue, previous: pipe.install(for: number)) }
            #endif
            return true
        } stop: {
            guard let stopped = watch.withLock({ $0.take() }) else { return }
            if var previous = stopped.previous { sigaction(signal.number, &previous, nil) }
            #if os(Linux) && canImport(Glibc)
            pipe.stopped(watching: signal.number)  // after the disposition is restored
            #endif
            #if canImport(Darwin)
            stopped.source.cancel()  // after the disposition is restored
            #endif
        }
        return Entry(event: event, watch: watch)
    }

    #if os(Linux) && canImport(Glibc)
    /// Called by the pipe's reader for each signal: runs the handlers on the signal's queue
    /// (dropped if the watch has stopped meanwhile).
    private func deliver(_ number: Int32) {
        guard let entry = state.withLock({ $0.entries[number] }),
            let queue = entry.watch.withLock({ $0?.queue })
        else { return }
        let signal = Signal(known: number)
        queue.async { entry.event.send(signal, ()) }
    }
    #endif
}
