#if !canImport(ObjectiveC)
import Synchronization

/// The side table's source of key numbers: shared by the process, only ever counting up.
private let nextKeyNumber = Atomic<UInt64>(0)
#endif

/// What host storage knows an `AssociationKey` by: unique in the process and never reused,
/// not even after the key is gone.
///
/// A key's address would not do: a key released and a new one made may share an address, and
/// the new key would then read the old one's values (of any type). Each mechanism gets an
/// identity that no other key ever has.
struct AssociationKeyIdentity: Sendable {
    #if canImport(ObjectiveC)
    /// The runtime's key: an address that no other key ever has (see `RuntimeAssociations.Key`).
    let runtimeKey: RuntimeAssociations.Key

    init() {
        runtimeKey = RuntimeAssociations.makeKey()
    }
    #else
    /// The side table's key. Counting up from 0 by one a key, 2^64 keys cannot be made, so a
    /// number is never handed out twice.
    let number: UInt64
    /// Lives exactly as long as the key (the key holds its identity, nothing else does): the
    /// side table holds it weakly next to each value, and releases values whose key is gone.
    let liveness: KeyLiveness

    init() {
        number = nextKeyNumber.wrappingAdd(1, ordering: .relaxed).newValue
        liveness = KeyLiveness()
    }
    #endif
}

#if !canImport(ObjectiveC)
/// An object that dies with its key: weak references to it tell the side table which values no
/// key can ever read again. (Not the key itself: a weak reference would move the key's
/// reference counts to a side allocation, slowing every retain of a key in use.)
final class KeyLiveness: Sendable {}
#endif
