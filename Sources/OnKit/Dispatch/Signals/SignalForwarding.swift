#if os(Linux) && canImport(Glibc)
import Glibc

/// The disposition of a watched signal on Linux: hands the signal on to Dispatch's `signalfd`.
///
/// A `signalfd` reads a process-directed signal only while no thread accepts it; a thread that
/// does not block it takes it first, and with `SIG_IGN` the kernel discards it outright. This
/// handler, run in such a thread, blocks the signal there and sends it to the process again,
/// until every thread blocks it and Dispatch reads it. (Dispatch installs the same kind of
/// handler the first time a process watches a signal, and never again, so OnKit installs it on
/// every watch, after restoring the previous disposition in between.)
enum SignalForwarding {
    static func install(for number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = forwardToDispatch
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(number, &action, nil)
    }
}

/// The signal handler: only async-signal-safe calls.
private func forwardToDispatch(_ number: Int32) {
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, number)
    pthread_sigmask(SIG_BLOCK, &blocked, nil)
    kill(getpid(), number)
}
#endif
