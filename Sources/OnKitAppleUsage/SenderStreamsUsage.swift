// Streams of argument-less control callbacks yield the control (issue 13, item 4), written as an
// app would on the main actor; type-checked for iOS by apple-typecheck, never compiled on Linux.
#if canImport(UIKit) && os(iOS)  // iOS app code (UISwitch, UISlider, UIStepper): tvOS lacks them
import Combine
import OnKit
import UIKit

@MainActor final class VolumeScreen {
    let slider = UISlider()
    let muteButton = UIButton(configuration: .plain())
    var cancellables = Set<AnyCancellable>()

    /// Every value change, read from the control the stream yields.
    func followVolume() async {
        for await slider in slider.on.valueChanged.values {
            print(slider.value)
        }
    }

    /// The first tap, as the button that was tapped.
    func waitForMute() async throws -> UIButton {
        try await muteButton.on.tap.next()
    }

    /// The stream and the publisher carry the slider, so its value is one `map` away (`map`'s
    /// closure is `@Sendable`: it reads main-actor state with `await`).
    func volumes() -> some AsyncSequence<Float, Never> {
        slider.on.valueChanged.values.map { await $0.value }
    }

    func publishVolume() {
        slider.on.valueChanged.publisher
            .map(\.value)
            .sink { volume in print(volume) }
            .store(in: &cancellables)
    }
}

/// A notification's `Sendable` parts as a stream and as a wait (`Notification` is not `Sendable`).
final class OrderWatcher: Sendable {
    static let orderPlaced = Notification.Name("OrderWatcher.orderPlaced")

    func orderIDs() -> EventValues<Int?> {
        NotificationCenter.default.on.notification(Self.orderPlaced).values { $0.userInfo?["id"] as? Int }
    }

    func nextOrderID() async throws -> Int {
        try await NotificationCenter.default.on.notification(Self.orderPlaced).next { $0.userInfo?["id"] as? Int }
    }
}
#endif
