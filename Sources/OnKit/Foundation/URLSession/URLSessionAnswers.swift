#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Foundation

/// The answer of one party (a handler or the pre-existing delegate) to a callback whose answer
/// replaces a proposed value: a redirect's new request, a response to cache.
///
/// Combine rule (`combine(_:_:)`): a refusal from anyone wins and stops the asking; otherwise
/// the last replacement wins. `nil` (in `Decision`'s `Answer?`) means nobody answered.
enum Replacement<Value> {
    /// Go on with this value.
    case use(Value)
    /// Go on without one: don't follow the redirect, don't cache.
    case refuse

    init(_ value: Value?) {
        self = value.map(Replacement.use) ?? .refuse
    }

    var value: Value? {
        if case .use(let value) = self { value } else { nil }
    }

    var isRefusal: Bool {
        if case .refuse = self { true } else { false }
    }

    static func combine(_ earlier: Replacement?, _ later: Replacement?) -> Replacement? {
        if earlier?.isRefusal == true { return earlier }
        return later ?? earlier
    }

    /// A decision with this rule; `nil` when no handler is registered.
    static func decision<Sender, Args>() -> Decision<Sender, Args, Replacement?> {
        Decision(default: nil, combine: { combine($0, $1) }, stopWhen: { $0?.isRefusal == true })
    }
}

extension Replacement: Sendable where Value: Sendable {}

/// The answer to an authentication challenge.
struct ChallengeAnswer: Sendable {
    var disposition: URLSession.AuthChallengeDisposition
    var credential: URLCredential?

    static let performDefaultHandling = ChallengeAnswer(disposition: .performDefaultHandling, credential: nil)

    var isDefault: Bool { disposition == .performDefaultHandling }

    /// The first answer other than `.performDefaultHandling` wins.
    static func combine(_ earlier: ChallengeAnswer, _ later: ChallengeAnswer) -> ChallengeAnswer {
        earlier.isDefault ? later : earlier
    }

    static func decision<Sender, Args>() -> Decision<Sender, Args, ChallengeAnswer> {
        Decision(default: .performDefaultHandling, combine: combine, stopWhen: { !$0.isDefault })
    }
}

extension ChallengeAnswer {
    /// The answer as it may be given to URLSession: on Linux, swift-corelibs-foundation
    /// force-unwraps the credential of `.useCredential`, so a nil one becomes default handling.
    var safeForFoundation: ChallengeAnswer {
        #if canImport(ObjectiveC)
        self
        #else
        disposition == .useCredential && credential == nil ? .performDefaultHandling : self
        #endif
    }
}

extension URLSession.ResponseDisposition {
    /// `.cancel` from anyone wins; otherwise the first answer other than `.allow`.
    static func combine(
        _ earlier: URLSession.ResponseDisposition,
        _ later: URLSession.ResponseDisposition
    ) -> URLSession.ResponseDisposition {
        if earlier == .cancel || later == .cancel { return .cancel }
        return earlier == .allow ? later : earlier
    }

    static func decision<Sender, Args>() -> Decision<Sender, Args, URLSession.ResponseDisposition> {
        Decision(default: .allow, combine: combine, stopWhen: { $0 == .cancel })
    }
}

/// A body stream: the first party that supplies one wins (streams are single-use).
enum BodyStreamAnswer {
    static func combine(_ earlier: InputStream?, _ later: InputStream?) -> InputStream? {
        earlier ?? later
    }

    static func decision<Sender, Args>() -> Decision<Sender, Args, InputStream?> {
        Decision(default: nil, combine: combine, stopWhen: { $0 != nil })
    }
}
