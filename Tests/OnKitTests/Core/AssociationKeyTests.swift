import OnKit
import Testing

/// Keys used against their advice: created, used and released on the spot, so that a new key
/// often takes the address of one just released. A key's identity must not be its address.
@Suite struct AssociationKeyTests {
    @Test func aTemporaryKeyNeverSeesTheValueOfAKeyReleasedBeforeIt() {
        let door = Door()
        var handedOver: [String] = []
        for index in 0..<1_000 {
            let key = AssociationKey<Int?>("temporary \(index)")
            if let stale = door.on.existingValue(for: key) {
                handedOver.append("key \(index): existingValue \(String(describing: stale))")
            }
            if let stale = door.on[key] { handedOver.append("key \(index): subscript \(stale)") }
            door.on[key] = index
            #expect(door.on[key] == index)
        }
        #expect(handedOver.isEmpty, "\(handedOver.count) reads of another key's value, first: \(handedOver.prefix(3))")
    }

    @Test func temporaryKeysOfDifferentTypesNeverReadEachOthersValues() {
        // Two keys of different types at one address made the typed read cast an `Int` to
        // `[String]`, which aborted the process.
        let door = Door()
        var handedOver = 0
        for index in 0..<1_000 {
            if index.isMultiple(of: 2) {
                let key = AssociationKey<Int>("number \(index)", default: -1)
                if door.on[key] != -1 { handedOver += 1 }
                door.on[key] = index
            } else {
                let key = AssociationKey<[String]>("strings \(index)", default: [])
                if door.on[key] != [] { handedOver += 1 }
                door.on[key] = ["\(index)"]
            }
        }
        #expect(handedOver == 0)
    }

    @Test func keysMadeOnManyThreadsAreAllDistinct() {
        let door = Door()
        let collisions = Counter()
        coreRunOnThreads(4) { thread in
            for index in 0..<500 {
                let key = AssociationKey<String?>("thread \(thread) key \(index)")
                if door.on[key] != nil { collisions.increment() }
                door.on[key] = "\(thread).\(index)"
                if door.on[key] != "\(thread).\(index)" { collisions.increment() }
            }
        }
        #expect(collisions.value == 0)
    }

    @Test func valuesOfAReleasedKeyAreReleased() async {
        let door = Door()
        let stored = Recorder<WeakReference<Tracked>>()
        for index in 0..<100 {
            let key = AssociationKey<Tracked?>("temporary \(index)")
            let value = Tracked("value \(index)")
            door.on[key] = value
            stored.append(WeakReference(value))
        }
        #if canImport(ObjectiveC)
        // The runtime cannot be asked which hosts hold values under a key: they go with the host.
        #expect(stored.values.allSatisfy { !$0.isReleased })
        #else
        // The side table releases them, like a dead host's, while the host lives on.
        #expect(await releaseDeadHostValues { stored.values.allSatisfy { $0.isReleased } })
        #endif
        withExtendedLifetime(door) {}
    }

    @Test func valuesOfAReleasedKeyAreReleasedByLaterAccessesOnTheirOwn() {
        #if !canImport(ObjectiveC)
        let witness = Door("witness")
        let door = Door()
        var value: Tracked? = Tracked()
        let weakValue = WeakReference(value)
        do {
            let key = AssociationKey<Tracked?>("temporary")
            door.on[key] = value
        }
        value = nil
        let key = AssociationKey<Int>("witness", default: 0)
        var accesses = 0
        while !weakValue.isReleased && accesses < 200_000 {
            _ = witness.on[key]
            accesses += 1
        }
        #expect(weakValue.isReleased, "still held after \(accesses) accesses")
        withExtendedLifetime(door) {}
        #endif
    }

    @Test func valuesOfAReleasedKeyGoWithTheirHost() async {
        var door: Door? = Door()
        var value: Tracked? = Tracked()
        let weakValue = WeakReference(value)
        do {
            let key = AssociationKey<Tracked?>("temporary")
            door?.on[key] = value
        }
        value = nil
        door = nil
        #expect(await releaseDeadHostValues { weakValue.isReleased })
    }
}
