#if !canImport(ObjectiveC)
import Synchronization

/// The side table's source of key numbers: shared by the process, only ever counting up.
private let nextKeyNumber = Atomic<UInt64>(0)
#endif

/// What host storage knows an `AssociationKey` by: unique in the process and never reused, even
/// after the key is gone (a released key's address may be a new key's, which would then read
/// the old values, of any type).
struct AssociationKeyIdentity: Sendable {
    #if canImport(ObjectiveC)
    /// The runtime's key: an address that no other key ever has (see `RuntimeAssociations.Key`).
    let runtimeKey: RuntimeAssociations.Key

    init() {
        runtimeKey = RuntimeAssociations.makeKey()
    }
    #else
    /// The side table's key: counting up, 2^64 keys cannot be made, so never handed out twice.
    let number: UInt64
    /// Lives exactly as long as the key; held weakly by the side table beside each value.
    let liveness: KeyLiveness

    init() {
        number = nextKeyNumber.wrappingAdd(1, ordering: .relaxed).newValue
        liveness = KeyLiveness()
    }
    #endif
}

#if !canImport(ObjectiveC)
/// An object that dies with its key. Not the key itself: a weak reference to the key would move
/// its reference counts to a side allocation, slowing every retain of a key in use.
final class KeyLiveness: Sendable {}
#endif
