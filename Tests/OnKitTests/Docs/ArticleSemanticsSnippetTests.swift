import Testing
import OnKit

// The "Semantics" article's snippets, verbatim, with assertions on what they claim.

@MainActor final class Stepper: MainActorBound, OnCompatible {
    let stepped = Event<Stepper, Int>()
}

@MainActor final class StepperScreen {
    var total = 0

    func bind(_ stepper: Stepper) {
        stepper.stepped(owner: self) { screen, step in
            screen.total += step
        }
    }
}

@Suite struct ArticleSemanticsSnippetTests {
    @Test func handlerAddedDuringASendIsCalledByTheNextOnly() {
  let ticks = Event<Void, Int>()
  ticks.once { _, _ in
      ticks += { tick in print("added during a send, called with \(tick)") }
  }
  ticks.send(1)                        // runs only the first handler
  ticks.send(2)          // prints "added during a send, called with 2"

        // The same shape, recorded: the handler added during send 1 sees only send 2.
        let recorded = Recorder<Int>()
        let counted = Event<Void, Int>()
        counted.once { _, _ in
            counted += { _, tick in recorded.append(tick) }
        }
        counted.send(1)
        counted.send(2)
        #expect(recorded.values == [2])
        #expect(ticks.subscriberCount == 1)
    }

    @Test func handlerCancelledDuringASendOnThisThreadIsSkipped() {
  let alarms = Event<Void, String>()
  let quiet = Lifetime()
  alarms += { _, _ in quiet.end() }     // cancels the next handler…
  alarms.subscribe { _, text in print(text) }.store(in: quiet)
  alarms.send("wake up")                // …so this prints nothing

        let recorded = Recorder<String>()
        let silenced = Event<Void, String>()
        let hush = Lifetime()
        silenced += { _, _ in hush.end() }
        silenced.subscribe { _, text in recorded.append(text) }.store(in: hush)
        silenced.send("wake up")
        #expect(recorded.values.isEmpty)
        #expect(alarms.subscriberCount == 1)
    }

    @MainActor @Test func mainActorHandlersTouchMainActorState() {
        let stepper = Stepper()
        let screen = StepperScreen()
        screen.bind(stepper)
        stepper.stepped.send(stepper, 2)
        stepper.stepped.send(stepper, 3)
        #expect(screen.total == 5)
    }
}
