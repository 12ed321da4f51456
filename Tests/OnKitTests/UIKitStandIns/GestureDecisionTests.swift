@_spi(OnKitInternal) @testable import OnKit
import Testing

/// A stand-in for `UIGestureRecognizer` and its delegate. Optional Objective-C methods are
/// modelled by answers that may be `nil` (the delegate does not implement the method).
@MainActor protocol StandInRecognizerDelegate: AnyObject {
    func shouldBegin(_ recognizer: StandInRecognizer) -> Bool?
    func shouldRecognizeSimultaneously(_ recognizer: StandInRecognizer, with other: StandInRecognizer) -> Bool?
}

@MainActor class StandInRecognizer: MainActorBound, OnCompatible {
    weak var delegate: (any StandInRecognizerDelegate)?

    /// What UIKit asks, with its answers for a recognizer without a delegate.
    func begins() -> Bool { delegate?.shouldBegin(self) ?? true }
    func recognizesSimultaneously(with other: StandInRecognizer) -> Bool {
        delegate?.shouldRecognizeSimultaneously(self, with: other) ?? false
    }
}

/// The proxy, written as `GestureRecognizerDelegateProxy` is: the previous delegate's answer
/// first, folded with the handlers' by the decision's rule, UIKit's default when nobody answers.
@MainActor final class StandInRecognizerDelegateProxy: StandInRecognizerDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey<StandInRecognizerDelegateProxy>(
        "StandInRecognizer.delegateProxy", default: StandInRecognizerDelegateProxy()
    )
    nonisolated let forwarding = DelegateForwarding<any StandInRecognizerDelegate>(ownership: .weak)
    nonisolated var asDelegate: any StandInRecognizerDelegate { self }
    nonisolated let shouldBegin = Decision<StandInRecognizer, Void, Bool>.all()
    nonisolated let shouldRecognizeSimultaneously = Decision<StandInRecognizer, StandInRecognizer, Bool>.any()

    nonisolated init() {}

    func shouldBegin(_ recognizer: StandInRecognizer) -> Bool? {
        shouldBegin.answer(recognizer, (), after: forwarding.answer { $0.shouldBegin(recognizer) }) ?? true
    }

    func shouldRecognizeSimultaneously(_ recognizer: StandInRecognizer, with other: StandInRecognizer) -> Bool? {
        let target = forwarding.answer { $0.shouldRecognizeSimultaneously(recognizer, with: other) }
        return shouldRecognizeSimultaneously.answer(recognizer, other, after: target) ?? false
    }
}

extension On where Base: StandInRecognizer {
    @MainActor var shouldBegin: ReadOnlyDecision<Base, Void, Bool> {
        StandInRecognizerDelegateProxy.installed(on: base, slot: \.delegate).shouldBegin.readOnly.sent(as: Base.self)
    }

    @MainActor var shouldRecognizeSimultaneously: ReadOnlyDecision<Base, StandInRecognizer, Bool> {
        StandInRecognizerDelegateProxy.installed(on: base, slot: \.delegate)
            .shouldRecognizeSimultaneously.readOnly.sent(as: Base.self)
    }
}

@MainActor final class RecordingRecognizerDelegate: StandInRecognizerDelegate {
    var begin: Bool?
    var simultaneous: Bool?
    var asked: [String] = []
    func shouldBegin(_ recognizer: StandInRecognizer) -> Bool? {
        asked.append("begin")
        return begin
    }
    func shouldRecognizeSimultaneously(_ recognizer: StandInRecognizer, with other: StandInRecognizer) -> Bool? {
        asked.append("simultaneous")
        return simultaneous
    }
}

@Suite @MainActor struct GestureDecisionTests {
    @Test func shouldBeginNeedsEveryAnswerToAllowAndIsTrueWhenNobodyAnswers() {
        let recognizer = StandInRecognizer()
        let asked = Recorder<String>()
        _ = recognizer.on.shouldBegin
        #expect(recognizer.begins())
        recognizer.on.shouldBegin { _ in asked.append("a"); return true }
        recognizer.on.shouldBegin { _ in asked.append("b"); return false }
        recognizer.on.shouldBegin { _ in asked.append("c"); return true }
        #expect(!recognizer.begins())
        #expect(asked.values == ["a", "b"])
    }

    @Test func previousDelegateIsAskedFirstAndItsNoEndsTheQuestion() {
        let recognizer = StandInRecognizer()
        let delegate = RecordingRecognizerDelegate()
        delegate.begin = false
        recognizer.delegate = delegate
        let asked = Recorder<String>()
        recognizer.on.shouldBegin { _ in asked.append("handler"); return true }
        #expect(!recognizer.begins())
        #expect(delegate.asked == ["begin"])
        #expect(asked.values.isEmpty)
        delegate.begin = nil
        #expect(recognizer.begins())
        #expect(asked.values == ["handler"])
    }

    @Test func simultaneousRecognitionNeedsOneYesAndIsFalseWhenNobodyAnswers() {
        let recognizer = StandInRecognizer()
        let other = StandInRecognizer()
        let delegate = RecordingRecognizerDelegate()
        recognizer.delegate = delegate
        let asked = Recorder<String>()
        _ = recognizer.on.shouldRecognizeSimultaneously
        #expect(!recognizer.recognizesSimultaneously(with: other))
        recognizer.on.shouldRecognizeSimultaneously { _, _ in asked.append("a"); return false }
        recognizer.on.shouldRecognizeSimultaneously { _, candidate in asked.append("b"); return candidate === other }
        recognizer.on.shouldRecognizeSimultaneously { _, _ in asked.append("c"); return false }
        #expect(recognizer.recognizesSimultaneously(with: other))
        #expect(asked.values == ["a", "b"])
        delegate.simultaneous = true
        asked.removeAll()
        #expect(recognizer.recognizesSimultaneously(with: StandInRecognizer()))
        #expect(asked.values.isEmpty)
    }

    @Test func delegateSetLaterIsAskedFirstOnceTheProxyIsBack() {
        let recognizer = StandInRecognizer()
        recognizer.on.shouldBegin { _ in true }
        let later = RecordingRecognizerDelegate()
        later.begin = false
        recognizer.delegate = later
        #expect(!recognizer.begins())
        recognizer.on.shouldBegin { _ in true }
        #expect(!(recognizer.delegate is RecordingRecognizerDelegate))
        #expect(!recognizer.begins())
        #expect(later.asked == ["begin", "begin"])
    }
}
