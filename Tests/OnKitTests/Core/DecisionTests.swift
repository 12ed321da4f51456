import OnKit
import Testing

/// `Decision.ask`: order, folding, stopping, defaults, and what a handler may do while asked.
@Suite struct DecisionTests {
    @Test func answersFoldLeftToRightWithoutTheDefault() {
        let decision = Decision<Void, Void, String>(default: "default", combine: { "(\($0)+\($1))" })
        decision += { _, _ in "a" }
        decision += { _, _ in "b" }
        decision += { _, _ in "c" }
        #expect(decision.ask((), ()) == "((a+b)+c)")
    }

    @Test func singleHandlerAnswersAloneAndDefaultOnlyWithoutHandlers() {
        let decision = Decision<Void, Void, String>(default: "default", combine: { $0 + $1 })
        #expect(decision.ask((), ()) == "default")
        let only = decision.subscribe { _, _ in "only" }
        #expect(decision.ask((), ()) == "only")
        only.cancel()
        #expect(decision.ask((), ()) == "default")
    }

    @Test func handlersGetSenderAndArgumentsAndAreAskedInOrder() {
        let decision = Decision<String, Int, Int>(default: 0, combine: +)
        let asked = Recorder<String>()
        decision += { sender, args in asked.append("first \(sender) \(args)"); return 1 }
        decision += { sender, args in asked.append("second \(sender) \(args)"); return 2 }
        #expect(decision.ask("field", 7) == 3)
        #expect(asked.values == ["first field 7", "second field 7"])
    }

    @Test func stopWhenShortCircuitsAndLaterHandlersAreNotAsked() {
        let limit = Decision<Void, Void, Int>(default: .max, combine: min, stopWhen: { $0 == 0 })
        let asked = Recorder<String>()
        limit += { _, _ in asked.append("a"); return 5 }
        limit += { _, _ in asked.append("b"); return 0 }
        limit += { _, _ in asked.append("c"); return -1 }
        #expect(limit.ask((), ()) == 0)
        #expect(asked.values == ["a", "b"])
    }

    @Test func stopWhenIsCheckedOnTheFoldedAnswerNotTheLastOne() {
        // The sum reaches 10 at the third handler even though no single answer is 10.
        let decision = Decision<Void, Void, Int>(default: 0, combine: +, stopWhen: { $0 >= 10 })
        let asked = Counter()
        for answer in [4, 4, 4, 4] {
            decision += { _, _ in asked.increment(); return answer }
        }
        #expect(decision.ask((), ()) == 12)
        #expect(asked.value == 3)
    }

    @Test func allStopsAtTheFirstNoAndDefaultsToYes() {
        let decision = Decision<Void, Void, Bool>.all()
        #expect(decision.ask((), ()) == true)
        #expect(Decision<Void, Void, Bool>.all(default: false).ask((), ()) == false)
        let asked = Recorder<String>()
        decision += { _, _ in asked.append("yes"); return true }
        decision += { _, _ in asked.append("no"); return false }
        decision += { _, _ in asked.append("never"); return true }
        #expect(decision.ask((), ()) == false)
        #expect(asked.values == ["yes", "no"])
    }

    @Test func allWithEveryHandlerSayingYesAsksThemAll() {
        let decision = Decision<Void, Void, Bool>.all(default: false)
        let asked = Counter()
        for _ in 0..<3 { decision += { _, _ in asked.increment(); return true } }
        #expect(decision.ask((), ()) == true)  // the default `false` takes no part
        #expect(asked.value == 3)
    }

    @Test func anyStopsAtTheFirstYesAndDefaultsToNo() {
        let decision = Decision<Void, Void, Bool>.any()
        #expect(decision.ask((), ()) == false)
        #expect(Decision<Void, Void, Bool>.any(default: true).ask((), ()) == true)
        let asked = Recorder<String>()
        decision += { _, _ in asked.append("no"); return false }
        decision += { _, _ in asked.append("yes"); return true }
        decision += { _, _ in asked.append("never"); return false }
        #expect(decision.ask((), ()) == true)
        #expect(asked.values == ["no", "yes"])
    }

    @Test func anyWithEveryHandlerSayingNoIsNoEvenWithDefaultYes() {
        let decision = Decision<Void, Void, Bool>.any(default: true)
        decision += { _, _ in false }
        decision += { _, _ in false }
        #expect(decision.ask((), ()) == false)
    }

    @Test func ownerBoundHandlerAnswersUntilItsOwnerGoes() {
        let decision = Decision<Void, Void, Int>(default: -1, combine: +)
        var owner: Tracked? = Tracked("owner")
        // Sound: `owner` was just created.
        decision.subscribe(owner: owner!) { owner, _, _ in owner.name.count }
        #expect(decision.ask((), ()) == 5)
        owner = nil
        #expect(decision.ask((), ()) == -1)  // no answer left: the default
        #expect(decision.subscriberCount == 0)  // released by that ask
    }

    @Test func reentrantAskFoldsEachAskOnItsOwn() throws {
        let answer = try #require(coreResult {
            let decision = Decision<Void, Int, Int>(default: 0, combine: +)
            decision += { _, depth in depth == 0 ? 100 + decision.ask((), 1) : 1 }
            decision += { _, depth in depth == 0 ? 10 : 2 }
            return decision.ask((), 0)
        })
        // Inner ask: 1 + 2 = 3. Outer: (100 + 3) + 10.
        #expect(answer == 113)
    }

    @Test func cancelDuringAskSkipsTheCancelledLaterHandler() throws {
        let result = try #require(coreResult {
            let decision = Decision<Void, Void, String>(default: "default", combine: { $0 + $1 })
            let later = CoreBox<EventSubscription?>(nil)
            decision += { _, _ in
                _ = later.storage?.cancel()
                return "a"
            }
            later.storage = decision.subscribe { _, _ in "b" }
            decision += { _, _ in "c" }
            let first = decision.ask((), ())
            let second = decision.ask((), ())
            return [first, second]
        })
        #expect(result == ["ac", "ac"])
    }

    @Test func handlerCancellingItselfDuringAskStillAnswersThisTime() throws {
        let result = try #require(coreResult {
            let decision = Decision<Void, Void, String>(default: "default", combine: { $0 + $1 })
            let mine = CoreBox<EventSubscription?>(nil)
            mine.storage = decision.subscribe { _, _ in
                _ = mine.storage?.cancel()
                return "self"
            }
            return [decision.ask((), ()), decision.ask((), ())]
        })
        #expect(result == ["self", "default"])
    }

    @Test func handlerAddedDuringAskIsAskedFromTheNextAsk() throws {
        let result = try #require(coreResult {
            let decision = Decision<Void, Void, String>(default: "default", combine: { $0 + $1 })
            let added = CoreBox(false)
            decision += { _, _ in
                if !added.storage {
                    added.storage = true
                    decision += { _, _ in "new" }
                }
                return "a"
            }
            return [decision.ask((), ()), decision.ask((), ())]
        })
        #expect(result == ["a", "anew"])
    }

    @Test func handlerAskingAnotherDecisionOrSendingAnEventDoesNotDeadlock() throws {
        let result = try #require(coreResult {
            let outer = Decision<Void, Void, Bool>.all()
            let inner = Decision<Void, Void, Bool>.any()
            let event = Event<Void, Void>()
            let sent = Counter()
            inner += { _, _ in true }
            event += { _, _ in sent.increment() }
            outer += { _, _ in
                event.send((), ())
                inner += { _, _ in false }
                return inner.ask((), ())
            }
            return (outer.ask((), ()), sent.value, inner.subscriberCount)
        })
        #expect(result.0 == true)
        #expect(result.1 == 1)
        #expect(result.2 == 2)
    }

    @Test func removeAllLeavesOnlyTheDefault() {
        let decision = Decision<Void, Void, Int>(default: 42, combine: +)
        decision += { _, _ in 1 }
        decision += { _, _ in 2 }
        decision.removeAll()
        #expect(decision.subscriberCount == 0)
        #expect(decision.ask((), ()) == 42)
    }
}
