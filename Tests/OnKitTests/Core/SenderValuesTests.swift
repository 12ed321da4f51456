import OnKit
import Testing

/// Where a call carries nothing but its sender (`Args == Void`), `values` and `next()` yield the
/// sender when it is `Sendable`, and `Void` when it is not.
@Suite struct SenderValuesTests {
    @Test func valuesOfAnArgumentlessCallYieldTheSender() async {
        let rung = Event<Door, Void>()
        let front = Door("front")
        let rings = rung.values
        rung.send(front)
        rung.send(Door("back"))
        var names: [String] = []
        for await door in rings {
            names.append(door.name)
            if names.count == 2 { break }
        }
        #expect(names == ["front", "back"])
    }

    @Test func nextOfAnArgumentlessCallReturnsTheSender() async throws {
        let rung = Event<Door, Void>()
        let back = Door("back")
        let sender = Task {
            guard await pollUntil({ rung.subscriberCount == 1 }) else { return }
            rung.send(Door("front"))
            rung.send(back)
        }
        let door = try await rung.readOnly.next(where: { $0.name == "back" })
        #expect(door === back)
        await sender.value
    }

    @Test func aContextThatAsksForVoidStillGetsTheArguments() async throws {
        let rung = Event<Door, Void>()
        let voids: EventValues<Void> = rung.values
        rung.send(Door())
        var count = 0
        for await _ in voids {
            count += 1
            break
        }
        #expect(count == 1)
    }

    @Test func aSenderThatIsNotSendableYieldsVoid() async {
        let finished = Event<Scanner, Void>()
        let scans = finished.values
        #expect(type(of: scans) == EventValues<Void>.self)
        finished.send(Scanner())
        for await _ in scans { break }
        #expect(finished.subscriberCount == 0)
    }

    @Test func anEventWithNeitherSenderNorArgumentsYieldsVoid() async {
        let tick = Event<Void, Void>()
        let ticks = tick.values
        #expect(type(of: ticks) == EventValues<Void>.self)
        tick.send()
        for await _ in ticks { break }
        #expect(tick.subscriberCount == 0)
    }

    @Test @MainActor func aMainActorControlsValuesYieldTheControlOnTheMainActor() async {
        let slider = StandInSlider()
        let changes = slider.on.valueChanged.values
        slider.value = 0.5
        slider.sendActions(for: StandInControl.valueChanged)
        for await slider in changes {
            #expect(slider.value == 0.5)  // main-actor state, read on the main actor
            break
        }

        // `map`'s transform is `@Sendable`: it reads main-actor state with `await`.
        let values = slider.on.valueChanged.values.map { await $0.value }
        slider.value = 0.75
        slider.sendActions(for: StandInControl.valueChanged)
        for await value in values {
            #expect(value == 0.75)
            break
        }
    }
}

/// A sender that is not `Sendable`, as `XMLParser` is not on Linux.
private final class Scanner {}
