import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OnKit
import OnKitURLSession
import Testing

// The README's quick start and area snippets, verbatim (`.ci/check-snippets.py` checks that each
// README chunk appears in a test, the example or the usage target), with assertions on what they
// claim. The UIKit lines of the quick start are in Sources/OnKitAppleUsage/SeedCalls.swift.

@Suite struct ReadmeQuickStartSnippetTests {
@MainActor final class Thermostat: MainActorBound {
    let temperatureChanged = Event<Thermostat, Double>()

    func set(_ celsius: Double) { temperatureChanged.send(self, celsius) }
}

@MainActor final class ThermostatScreen {
    var label = ""

    func show(_ thermostat: Thermostat) {
        thermostat.temperatureChanged(owner: self) { screen, celsius in
            screen.label = "\(celsius) °C"
        }
    }
}

    @Test func aFeedIsReadIntoLocalVariables() {
        let feed = Data("<rss><item><title>First post</title></item><item><title>Second post</title></item></rss>".utf8)
let parser = XMLParser(data: feed)
var titles: [String] = []
var text = ""
parser.on.didStartElement { text = "" }
parser.on.foundCharacters { text += $0 }
parser.on.didEndElement { element in
    if element.name == "title" { titles.append(text) }
}
let parsed = parser.parse()   // titles: ["First post", "Second post"]

        #expect(parsed)
        #expect(titles == ["First post", "Second post"])
    }

    @Test @MainActor func aMainActorOwnerReachesItsOwnState() {
        let thermostat = Thermostat()
        let screen = ThermostatScreen()
        screen.show(thermostat)
        thermostat.set(21.5)
        #expect(screen.label == "21.5 °C")
    }

    @Test func aFileManagerHandlerVetoesACopy() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let secret = try directory.write("s", to: "secret.txt")
        let copy = directory("copy.txt")
let fileManager = FileManager()
fileManager.on.shouldCopyItem { copy in copy.source.lastPathComponent != "secret.txt" }
try? fileManager.copyItem(at: secret, to: copy)     // vetoed: nothing is copied

        #expect(!FileManager.default.fileExists(atPath: copy.path))
        let allowed = try directory.write("a", to: "allowed.txt")
        try fileManager.copyItem(at: allowed, to: directory("allowed-copy.txt"))
        #expect(FileManager.default.fileExists(atPath: directory("allowed-copy.txt").path))
    }

    @Test func aSessionHandlerTakesTheReceivedDataAlone() async throws {
        let server = try LoopbackHTTPServer()
        let bytes = Recorder<Int>()
let session = URLSession.on(configuration: .ephemeral)   // the session's delegate is OnKit's
session.on.didReceiveData { received in print("received \(received.data.count) bytes") }

        session.on.didReceiveData { received in bytes.append(received.data.count) }
        session.dataTask(with: server.url("/hello")).resume()
        session.finishTasksAndInvalidate()
        try #require(await pollUntil { bytes.values.reduce(0, +) == LoopbackHTTPServer.helloBody.count })
    }
}
