// Only Foundation and OnKitURLSession, as an app on Linux would write it: no FoundationNetworking
// (where Linux keeps URLSession) and no OnKit. OnKitURLSession re-exports both, so this file
// compiles; without the re-export, `URLSession` has no member `on` here.
import Foundation
import OnKitURLSession
import Testing

@Suite struct URLSessionImportTests {
    @Test func importingOnKitURLSessionAloneGivesURLSessionItsEvents() async {
        let session: URLSession = URLSession.on(configuration: .ephemeral)
        let invalidations = Counter()
        session.on.didBecomeInvalid { _, _ in invalidations.increment() }

        session.invalidateAndCancel()

        #expect(await pollUntil { invalidations.value == 1 })
    }
}
