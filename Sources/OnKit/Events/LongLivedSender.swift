import Foundation

/// A sender that outlives every screen: `NotificationCenter` (`.default` lives as long as the
/// app), ``DispatchTimer`` and ``Signal``. A plain handler registered on one of its sources lives
/// as long as that source, so a discarded subscription keeps the handler, and whatever it
/// captures, for the app's life.
///
/// For such senders the plain registrations (`subscribe`, `callAsFunction`, `+=`, in every shape)
/// are not `@discardableResult`: discarding one warns, "result of call to 'callAsFunction' is
/// unused". Store the subscription, or use an `owner:` form, `once`, or `until`, which stay
/// discardable (<doc:Troubleshooting>). `_ =` silences the warning without ending the handler.
///
/// The marker is the sender's type, so it cannot tell a singleton from a short-lived instance of
/// a type that has both (`UserDefaults.standard`, an app-wide model): those stay discardable
/// (<doc:Semantics>, "How long a handler lives").
public protocol LongLivedSender {}

extension NotificationCenter: LongLivedSender {}
extension DispatchTimer: LongLivedSender {}
extension Signal: LongLivedSender {}
