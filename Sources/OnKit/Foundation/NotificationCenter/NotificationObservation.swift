import Foundation

/// The observer behind `center.on.notification`: one block observer per returned event, while
/// it has handlers (see `DemandSource`).
///
/// The observer is registered with `object: nil` and `queue: nil`, so its block runs on the
/// posting thread for every post of the name. It filters on `object` there, through a weak
/// reference (one rule on every Foundation: older ones retained the object, and all match by
/// address), and only a matching post hops to `queue` — so unrelated posts never wait for a busy
/// queue, nor deadlock an operation on it. The hop waits for this observer's handlers only, as
/// Foundation's queue observers wait, and runs them inline for a post made on the queue.
enum NotificationObservation {
    /// A source that adds the observer when it gets its first handler and removes it when the
    /// last one goes; it ends when `object` or the center is gone.
    static func source<Center: NotificationCenter>(
        _ center: Center, name: Notification.Name?, object: AnyObject?, queue: OperationQueue?
    ) -> DemandSource<Center, Notification> {
        source(center, name: name, object: object, queue: queue, reading: WholeNotification.self)
    }

    /// A source of what `Reading` makes of each matching post, where it is posted (the keyboard's
    /// `KeyboardChange`); otherwise as `source(_:name:object:queue:)`. A type rather than a
    /// closure, so that the plain source, specialized, hands the notification on as before: a
    /// closure called per delivery copied it (+154 instructions per observer, `instructions.sh
    /// "center.on.notification, 10"`).
    static func source<Center: NotificationCenter, Reading: NotificationReading>(
        _ center: Center, name: Notification.Name?, object: AnyObject?, queue: OperationQueue?,
        reading _: Reading.Type
    ) -> DemandSource<Center, Reading.Value> {
        let filter = object.map(WeakIdentity.init)
        let observer = Locked<ObserverToken?>(nil)
        return DemandSource(restarts: true) { [weak center] source in
            guard let center, filter?.isAlive ?? true else { return false }
            // The center holds the block, and the block this source: a source with handlers
            // lives as long as its observer. When the center goes, so does the block, and the
            // sentinel ends the source (a block released by our own removal finds the center).
            let centerGone = ReleaseSentinel { [weak center] in if center == nil { source.end() } }
            // Read through an immutable weak reference: a `[weak center]` capture is a variable,
            // and every read of it pays a dynamic exclusivity check. Likewise the filter is
            // looked at only when there is one: binding the optional copies its weak reference.
            let weakCenter = WeakReference(center)
            let filtered = filter != nil
            let block: @Sendable (Notification) -> Void = { notification in
                ForeignPublication.receive()  // see there: Foundation's lock is invisible to TSan
                withExtendedLifetime(centerGone) {}
                guard let center = weakCenter.object else { return }
                if filtered, let filter {
                    guard filter.isAlive else {
                        source.end()
                        return
                    }
                    guard let posted = notification.object, filter.refers(to: posted as AnyObject) else { return }
                }
                guard let queue, OperationQueue.current !== queue, !Self.isMainQueueHere(queue) else {
                    return source.send(center, Reading.read(notification))
                }
                let handed = PostedNotification(value: Reading.read(notification))
                queue.addOperations([BlockOperation { source.send(center, handed.value) }], waitUntilFinished: true)
            }
            ForeignPublication.publish()
            let token = center.addObserver(forName: name, object: nil, queue: nil, using: block)
            observer.withLock { $0 = ObserverToken(token) }
            return true
        } stop: { [weak center] in
            guard let token = observer.withLock({ $0.take() }) else { return }
            center?.removeObserver(token.observer)
        }
    }
}

extension NotificationObservation {
    /// Whether `queue` is `OperationQueue.main` and this code runs on the main queue: a post made
    /// there runs the handlers inline, as Foundation does for a post made on the observer's
    /// queue. On Linux `OperationQueue.current` is `nil` on the main thread and in main-queue
    /// blocks, so without this a post made on the main actor waited for the main queue, that
    /// is for itself: a deadlock.
    static func isMainQueueHere(_ queue: OperationQueue) -> Bool {
        queue === OperationQueue.main && MainQueue.isCurrent
    }
}

/// What a notification source hands its handlers, read from each post where it is posted.
protocol NotificationReading: Sendable {
    /// What the handlers get.
    associatedtype Value
    /// `notification` read.
    static func read(_ notification: Notification) -> Value
}

/// The notification itself, for `center.on.notification`.
enum WholeNotification: NotificationReading {
    @inline(__always)
    static func read(_ notification: Notification) -> Notification { notification }
}

/// The center's observer token, kept to remove the observer.
///
/// Held strongly: in current swift-corelibs-foundation the token (`_NSNotificationObserverToken`)
/// is not retained by the center, so a weak reference would be gone at once.
private final class ObserverToken: @unchecked Sendable {
    // @unchecked is sound: the reference is immutable and only ever passed to
    // `NotificationCenter.removeObserver(_:)`, which is thread-safe.
    let observer: any NSObjectProtocol
    init(_ observer: any NSObjectProtocol) { self.observer = observer }
}

/// A notification (or what was read of it) handed from the posting thread to the observer's queue.
private struct PostedNotification<Value>: @unchecked Sendable {
    // @unchecked is sound: the posting thread hands it over and waits (`waitUntilFinished`)
    // without touching it until the queue's operation has run, so only one thread uses it at
    // a time; Foundation's own queue observers hand it over the same way.
    let value: Value
}
