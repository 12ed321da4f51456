// The Objective-C base of OnKit's delegate proxies on Apple platforms: the half of forwarding that
// Swift cannot write (`methodSignatureForSelector:` and `forwardInvocation:` are unavailable to
// it). Empty on other platforms, so that SwiftPM builds this target everywhere.
#if __APPLE__
#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// A delegate proxy that forwards every message it does not implement to a forward target, and
/// never raises "unrecognized selector" because that target is gone.
///
/// - A subclass says where to forward by overriding `forwardTargetObject`, and claims selectors
///   for the target through `forwardTargetResponds(to:)`, which records the target's method
///   signature for that selector (a private selector belongs to no protocol, so the signature
///   cannot be found any other way once the target is gone).
/// - A message the proxy does not implement goes through `forwardInvocation:`, which can be
///   guarded: to a live target that responds; else it is dropped and returns the zero value of
///   its type. Only a selector never claimed and never implemented by a live target still raises,
///   as it would on any object that never said it responds to it. (No `forwardingTargetForSelector:`
///   fast path: a message sent on through it cannot be guarded, and a delegate that stored the
///   proxy as its previous delegate sends it straight back.)
/// - Re-entry: a forward of a selector nested `OnKitForwardingProxyMaximumNesting` deep for the
///   same proxy on one thread (proxy -> a forwarder -> the proxy again) is dropped and reported to
///   `onkit_cutLoopThroughTarget:selector:`; a nested `respondsToSelector:` or
///   `conformsToProtocol:` question to the target for the same proxy is dropped too: both can only
///   be a cycle.
/// - `conformsToProtocol:` answers for the target too, so a cast of the host's delegate to a
///   protocol the app's delegate adopts (`as? UICollectionViewDelegateFlowLayout`) still works. A
///   cast to the app's own class cannot: the proxy is not an instance of it.
/// - Every instance answers `onkit_reachedDelegateProxy` with itself: the marker by which OnKit
///   recognizes a delegate that is, or forwards to, one of its proxies.
@interface OnKitForwardingProxy : NSObject

/// The object to forward to, or nil while there is none or it is gone. Subclasses override it;
/// this class answers nil.
@property (nonatomic, readonly, nullable) id onkit_forwardTarget NS_SWIFT_NAME(forwardTargetObject);

/// Called when a forward of `selector` to `target` was dropped for nesting too deep: `target`
/// forwards it back to this proxy. Subclasses override it; this class does nothing.
- (void)onkit_cutLoopThroughTarget:(id)target selector:(SEL)selector NS_SWIFT_NAME(cutLoop(through:selector:));

/// Whether the forward target is alive and responds to `selector`. When it does, its method
/// signature for `selector` is recorded, to drop later calls safely once the target is gone.
/// NO while the same question is already being asked for this proxy on this thread (a cycle).
- (BOOL)onkit_forwardTargetRespondsToSelector:(SEL)selector NS_SWIFT_NAME(forwardTargetResponds(to:));

/// The marker: this proxy. A delegate that forwards the messages it does not implement (a wrapper
/// set by an analytics SDK around the proxy) answers it with the proxy it wraps.
- (OnKitForwardingProxy *)onkit_reachedDelegateProxy NS_SWIFT_UNAVAILABLE("use proxy(reachedFrom:)");

/// The OnKit proxy `candidate` is or forwards to, asked through the marker: nil for any other
/// object, and for a wrapper that does not forward unknown messages (it cannot be detected).
+ (nullable OnKitForwardingProxy *)onkit_proxyReachedFrom:(id)candidate NS_SWIFT_NAME(proxy(reachedFrom:));

@end

/// How deep one proxy may forward the same selector within itself on one thread before a nested
/// forward is taken for a cycle and dropped (UIKit may legitimately nest a level or two: a
/// delegate that changes the host inside a callback can cause the same callback again). OnKit's
/// Swift proxies bound the methods they implement with the same number (`ForwardGuard`).
FOUNDATION_EXPORT const NSUInteger OnKitForwardingProxyMaximumNesting;

NS_ASSUME_NONNULL_END
#endif
