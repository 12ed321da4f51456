import Foundation
import OnKit
import Testing

/// What a callback with two values carries, for the flat shape.
private struct Edit: TwoValues, Sendable {
    let range: NSRange
    let replacement: String
    var elements: (NSRange, String) { (range, replacement) }
}

/// A plain (nonisolated) sender.
private final class Field: Sendable {
    let text: String
    init(text: String) { self.text = text }
}

/// A main-actor sender: its sources take `@MainActor` handlers.
@MainActor private final class MainField: MainActorBound {
    var text: String? = "hello"
    var limit = 10
}

@MainActor private final class Screen: Sendable {
    var edits = 0
    var taps = 0
}

private final class Owner: Sendable {
    let name = "owner"
}

/// Every closure shape on every entry point, with realistic multi-operator bodies: the file is
/// also the long-expression gate's test bed (CI builds with
/// `-warn-long-expression-type-checking=1000`), and each test pins what the shape binds.
@Suite struct HandlerShapesTests {
    @Test func twoParametersAlwaysMeanSenderAndArguments() {
        let field = Field(text: "hello")
        let shouldChange = Decision<Field, Edit, Bool>.all()
        let seen = Recorder<String>()
        shouldChange { sender, edit in
            seen.append("\(sender.text):\(edit.replacement)")
            return sender.text.count + edit.replacement.count - edit.range.length <= 10
        }
        let owner = Owner()
        shouldChange.subscribe(owner: owner) { owner, sender, edit in
            seen.append("\(owner.name):\(sender.text):\(edit.range.location)")
            return true
        }
        #expect(shouldChange.ask(field, Edit(range: NSRange(location: 2, length: 1), replacement: "abc")))
        #expect(seen.values == ["hello:abc", "owner:hello:2"])
    }

    @Test func flatHandlersGetTheSenderThenEachValueInOrder() {
        let field = Field(text: "hello")
        let shouldChange = Decision<Field, Edit, Bool>.all()
        let seen = Recorder<String>()
        let owner = Owner()
        shouldChange { field, range, string in
            seen.append("flat \(field.text) \(range.location) \(string)")
            return field.text.count + string.count - range.length <= 10
        }
        shouldChange.once { field, range, string in
            seen.append("once \(range.length) \(string)")
            return (field.text.isEmpty ? 0 : 1) + range.length * 2 < 100
        }
        shouldChange += { _, range, string in
            seen.append("+= \(string.count + range.location)")
            return !string.contains(" ") || range.length > 0
        }
        shouldChange.subscribe(owner: owner) { owner, _, range, string in
            seen.append("\(owner.name) \(range.location + string.count)")
            return true
        }
        let edit = Edit(range: NSRange(location: 3, length: 2), replacement: "xyz")
        #expect(shouldChange.ask(field, edit))
        #expect(shouldChange.ask(field, edit))
        #expect(seen.values == [
            "flat hello 3 xyz", "once 2 xyz", "+= 6", "owner 6",
            "flat hello 3 xyz", "+= 6", "owner 6",
        ])
    }

    @Test func oneParameterIsTheArgumentsOrTheSenderWhereThereAreNone() {
        let changed = Event<Field, Int>()
        let closed = Event<Field, Void>()
        let seen = Recorder<String>()
        changed { celsius in seen.append("args \(celsius * 9 / 5 + 32)") }
        changed.once { celsius in seen.append("once \(celsius)") }
        changed += { celsius in seen.append("+= \(celsius > 20 ? "warm" : "cold")") }
        closed { field in seen.append("sender \(field.text)") }
        closed.once { field in seen.append("once \(field.text.count)") }
        closed += { field in seen.append("+= \(field.text.uppercased())") }
        let owner = Owner()
        changed.subscribe(owner: owner) { owner, celsius in seen.append("\(owner.name) \(celsius)") }
        closed(owner: owner) { owner, field in seen.append("\(owner.name) \(field.text)") }

        let field = Field(text: "door")
        changed.send(field, 25)
        closed.send(field)
        #expect(seen.values == [
            "args 77", "once 25", "+= warm", "owner 25", "sender door", "once 4", "+= DOOR", "owner door",
        ])
    }

    @Test func noParameters() {
        let changed = Event<Field, Int>()
        let bare = Event<Void, Void>()
        let counter = Counter()
        changed { counter.increment() }
        changed.once { counter.increment() }
        changed += { counter.increment() }
        let owner = Owner()
        changed(owner: owner) { owner in if !owner.name.isEmpty { counter.increment() } }
        bare { counter.increment() }
        changed.send(Field(text: ""), 1)
        bare.send()
        #expect(counter.value == 5)
    }

    @Test @MainActor func mainActorHandlersTakeEveryShapeAndTouchMainActorState() {
        let field = MainField()
        let screen = Screen()
        let shouldChange = Decision<MainField, Edit, Bool>.all()
        let tapped = Event<MainField, Void>()
        shouldChange { field, range, string in
            screen.edits += 1
            return (field.text?.count ?? 0) + string.count - range.length <= field.limit
        }
        shouldChange { edit in screen.edits += 1; return !edit.replacement.isEmpty || edit.range.length > 0 }
        shouldChange { screen.edits += 1; return true }
        shouldChange.once { _, edit in screen.edits += edit.range.length; return true }
        shouldChange += { field, _, string in field.limit - string.count >= 0 }
        shouldChange(owner: screen) { screen, _, range, _ in screen.edits += range.location; return true }
        tapped { screen.taps += 1 }
        tapped { field in screen.taps += field.limit }
        tapped += { screen.taps += 100 }
        tapped.once { screen.taps += 1_000 }
        tapped(owner: screen) { screen, field in screen.taps += (field.text?.count ?? 0) * 10_000 }

        #expect(shouldChange.ask(field, Edit(range: NSRange(location: 5, length: 2), replacement: "ab")))
        tapped.send(field)
        #expect(screen.edits == 1 + 1 + 1 + 2 + 5)
        #expect(screen.taps == 1 + 10 + 100 + 1_000 + 50_000)
    }
}
