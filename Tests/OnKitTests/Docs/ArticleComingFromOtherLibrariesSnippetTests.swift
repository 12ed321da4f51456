import Foundation
import Testing
import OnKit

// The "Coming from other libraries" article's snippets, verbatim, with assertions on what they
// claim.

final class DayScreen: Sendable {
    let lifetime = Lifetime()      // RxSwift: let disposeBag = DisposeBag()

    init(center: NotificationCenter) {
        center.on.notification(.NSCalendarDayChanged) { _, _ in
            print("a new day")
        }
            .store(in: lifetime)   // RxSwift: .disposed(by: disposeBag)
    }
}

@Suite struct ArticleComingFromOtherLibrariesSnippetTests {
    @Test func everyShouldHandlerMustAgree() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("onkit-article-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["notes.keep", ".profile", "draft.txt"]
        for name in names {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
let fileManager = FileManager()
fileManager.on.shouldRemoveItem { _, url in url.pathExtension != "keep" }
fileManager.on.shouldRemoveItem { _, url in
    !url.lastPathComponent.hasPrefix(".")
}
// Removing "notes.keep" or ".profile" is refused; "draft.txt" is not.

        for name in names {
            try fileManager.removeItem(at: folder.appendingPathComponent(name))
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == [".profile", "notes.keep"])
    }

    @Test func aLifetimeEndsItsObserversWithTheScreen() {
        let center = NotificationCenter()
        let heard = Recorder<Bool>()
        weak var weakScreen: DayScreen?
        do {
            let screen = DayScreen(center: center)
            weakScreen = screen
            center.on.notification(.NSCalendarDayChanged) { _, _ in heard.append(true) }
                .store(in: screen.lifetime)
            center.post(name: .NSCalendarDayChanged, object: nil)
            #expect(heard.count == 1)
        }
        #expect(weakScreen == nil)
        center.post(name: .NSCalendarDayChanged, object: nil)
        #expect(heard.count == 1)
    }
}
