/// A class whose instances live on the main actor and send their events there, as every UIKit
/// and AppKit object does. Sources whose sender conforms take `@MainActor` handlers
/// (the `@MainActor` forms of ``Subscribable``), so a handler touches UI state directly:
///
/// ```swift
/// @MainActor final class Counter: MainActorBound, OnCompatible {
///     let tapped = Event<Counter, Void>()
/// }
/// @MainActor final class Screen {
///     var taps = 0
///     func bind(_ counter: Counter) {
///         counter.tapped(owner: self) { screen, counter, _ in screen.taps += 1 }
///     }
/// }
/// ```
///
/// The contract: such a sender's events are sent, and its decisions asked, on the main actor.
/// A main-actor handler called anywhere else stops the program with a clear message (it could
/// neither run there safely nor answer later), as UIKit itself does when used off the main thread.
public protocol MainActorBound: AnyObject {}
