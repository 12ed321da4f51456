/// How a host object holds its delegate. A delegate proxy holds the delegate it forwards to in
/// the same way, so that installing the proxy neither keeps that delegate alive longer nor lets
/// it go sooner than the host would have.
///
/// `XMLParser`, `NSCache` and `FileManager` hold their delegates weakly; a `URLSession` holds its
/// delegate strongly until it is invalidated.
@_spi(OnKitInternal) public enum DelegateOwnership: Sendable {
    case weak, strong
}

/// A reference to a delegate, weak or strong as its host held it.
struct DelegateReference: @unchecked Sendable {
    // @unchecked is sound: it is used only under `DelegateForwarding`'s lock, and the delegate is
    // then called only where the host calls the proxy, as the host would have called it.
    private weak var weakObject: AnyObject?
    private var strongObject: AnyObject?

    init(_ object: AnyObject? = nil, ownership: DelegateOwnership = .strong) {
        if ownership == .weak { weakObject = object } else { strongObject = object }
    }

    /// The delegate, if it is still alive.
    var object: AnyObject? { strongObject ?? weakObject }
}
