/// A class whose instances live on the main actor and send their events there, as every UIKit
/// and AppKit object does.
///
/// Sources whose sender conforms take `@MainActor` handlers (the `@MainActor` forms of
/// ``Subscribable``), so a handler touches UI state directly:
///
/// ```swift
/// @MainActor final class TapCounter: MainActorBound {
///     let tapped = Event<TapCounter, Void>()
/// }
///
/// counter.tapped(owner: screen) { screen in screen.taps += 1 }  // @MainActor
/// ```
///
/// The contract: such a sender's events are sent, and its decisions asked, on the main actor; a
/// main-actor handler called anywhere else stops the program with a clear message
/// (<doc:Semantics>).
public protocol MainActorBound: AnyObject {}
