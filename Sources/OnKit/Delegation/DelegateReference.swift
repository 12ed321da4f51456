/// How a host object holds its delegate. A delegate proxy holds the delegate it forwards to in
/// the same way, so that installing the proxy neither keeps that delegate alive longer nor lets
/// it go sooner than the host would have.
///
/// `XMLParser`, `NSCache` and `FileManager` hold their delegates weakly; a `URLSession` holds its
/// delegate strongly until it is invalidated.
@_spi(OnKitInternal) public enum DelegateOwnership: Sendable {
    case weak
    case strong
}

/// A reference to a delegate, weak or strong as its host held it.
struct DelegateReference: @unchecked Sendable {
    // @unchecked is sound: it is stored and read only under `DelegateForwarding`'s lock, and the
    // delegate is then called only where Foundation calls the proxy — the thread on which the
    // host would have called that delegate itself. OnKit adds no cross-thread use of it.
    private weak var weakObject: AnyObject?
    private var strongObject: AnyObject?

    /// No delegate.
    init() {
        weakObject = nil
        strongObject = nil
    }

    init(_ object: AnyObject?, ownership: DelegateOwnership) {
        switch ownership {
        case .weak:
            weakObject = object
            strongObject = nil
        case .strong:
            weakObject = nil
            strongObject = object
        }
    }

    /// The delegate, if it is still alive.
    var object: AnyObject? { strongObject ?? weakObject }
}
