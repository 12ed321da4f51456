#if canImport(Combine)
import Combine

extension EventSubscription {
    /// Ties this subscription to a Combine set of cancellables: it is cancelled when the
    /// `AnyCancellable` stored there is cancelled or released, as Combine users expect:
    /// `thermostat.temperatureChanged { celsius in print(celsius) }.store(in: &cancellables)`.
    public func store(in cancellables: inout Set<AnyCancellable>) { AnyCancellable(self).store(in: &cancellables) }
}

extension AnyCancellable {
    /// A cancellable that cancels `subscription` (and is cancelled when released).
    public convenience init(_ subscription: EventSubscription) { self.init { subscription.cancel() } }
}
#endif
