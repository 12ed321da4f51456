import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Observation
import Testing
import OnKit

// The property-change snippets of the README and of the Property changes article, verbatim (CI
// checks each chunk appears in a test), with assertions on what they claim; and the opening
// lines of the earlier README.

@MainActor @Observable final class User: OnCompatible {
    var name = ""
}

final class Piggybank: PropertyChangeNotifying {
    let propertyChanges = PropertyChanges()
    @Notifying var balance = 0
}

@Suite struct ReadmePropertyChangeSnippetTests {
    @MainActor @Test func observableModelDeliversTheNewValueAfterTheChange() async throws {
        let names = Recorder<String>()
let user = User()
user.on.change(of: \.name) { user, name in print("now", name) }
user.name = "Ada"                       // soon after, on the main actor: prints "now Ada"

        user.on.change(of: \.name) { user, name in
            MainActor.assumeIsolated { names.append("\(name)=\(user.name)") }
        }
        user.name = "Grace"
        try #require(await pollUntil { names.count == 1 })
        #expect(names.values == ["Grace=Grace"])  // the new value, read after the change
    }

    @Test func plainClassDeliversOldAndNewSynchronously() {
        let changes = Recorder<PropertyChange<Int>>()
let piggybank = Piggybank()
piggybank.on.change(of: \.balance) { piggybank, change in print(change.old, "→", change.new) }
piggybank.balance = 10                     // prints "0 → 10" right away, on this thread

        piggybank.on.change(of: \.balance) { _, change in changes.append(change) }
        piggybank.balance = 25
        piggybank.balance = 25                     // equal: nothing is sent
        #expect(changes.values == [PropertyChange(old: 10, new: 25)])
    }

    @MainActor @Test func openingLinesCompile() async throws {
        let thermostat = Thermostat()
        let parser = XMLParser(data: Data("<a/>".utf8))
        let model = User()
        let seen = Recorder<String>()
thermostat.temperatureChanged += { thermostat, celsius in print(celsius) }
parser.on.didStartElement { parser, element in print(element.name) }
model.on.change(of: \.name) { model, name in print(name) }

        thermostat.temperatureChanged += { _, celsius in seen.append("\(celsius)") }
        parser.on.didStartElement { _, element in seen.append(element.name) }
        thermostat.set(3)
        #expect(parser.parse())
        #expect(seen.values == ["3.0", "a"])
    }
}
