import Foundation
import OnKit

/// Posting one notification to `observers` block observers: through `center.on.notification`
/// and through a raw `addObserver(forName:object:queue:using:)`. Each observer adds the same
/// value to a `Sink`; the post itself (Foundation's dispatch) is the same on both sides, so the
/// ratio is OnKit's overhead over the raw mechanism.
package enum NotificationWorkloads {
    static let name = Notification.Name("OnKitBenchmarkNotification")

    /// `center.on.notification(name) { center, notification in … }`, `observers` times.
    package static func onKit(observers: Int) -> Workload {
        Workload("center.on.notification, \(observers)", unitsPerRound: observers) {
            let sink = Sink()
            let center = NotificationCenter()
            let lifetime = Lifetime()
            for _ in 0..<observers {
                center.on.notification(name) { _, _ in sink.add(1) }.store(in: lifetime)
            }
            return { rounds in
                for _ in 0..<rounds { center.post(name: name, object: nil) }
                blackHole(sink.total)
                withExtendedLifetime(lifetime) {}
            }
        }
    }

    /// `center.addObserver(forName: name, object: nil, queue: nil) { notification in … }`.
    package static func raw(observers: Int) -> Workload {
        Workload("addObserver(forName:), \(observers)", unitsPerRound: observers) {
            let sink = Sink()
            let center = NotificationCenter()
            let tokens = (0..<observers).map { _ in
                center.addObserver(forName: name, object: nil, queue: nil) { _ in sink.add(1) }
            }
            // The body runs many times: it must not tear anything down. The observers go with
            // the center when the workload is released.
            return { rounds in
                for _ in 0..<rounds { center.post(name: name, object: nil) }
                blackHole(sink.total)
                withExtendedLifetime(tokens) {}
            }
        }
    }
}
