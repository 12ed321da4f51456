// See OnKitForwardingProxy.h. Compiled for Apple platforms only: elsewhere the file is empty.
#if __APPLE__
#import "OnKitForwardingProxy.h"
#import <objc/runtime.h>
#import <os/lock.h>
#import <stdlib.h>

const NSUInteger OnKitForwardingProxyMaximumNesting = 4;

/// What a proxy is asking or forwarding on this thread, as a stack of frames that live on the C
/// stack and are linked through a thread-local head: checking for re-entry allocates nothing.
typedef NS_ENUM(NSUInteger, OnKitFrameKind) {
    OnKitFrameForward,
    OnKitFrameResponds,
    OnKitFrameSignature,
    OnKitFrameConforms,
};

typedef struct OnKitFrame {
    const void *proxy;
    const void *key;  // a selector, or a protocol for OnKitFrameConforms
    OnKitFrameKind kind;
    struct OnKitFrame *next;
} OnKitFrame;

static _Thread_local OnKitFrame *OnKitFrames;

/// Runs `body` with a frame for (`proxy`, `key`, `kind`) on this thread's stack, unless `limit`
/// such frames are open already; answers whether it ran. The frame is popped in a `@finally`, so
/// that an exception thrown by the target cannot leave a dangling frame behind. `body` does not
/// escape: it is not copied to the heap.
static BOOL OnKitGuarded(id proxy, const void *key, OnKitFrameKind kind, NSUInteger limit, void (NS_NOESCAPE ^body)(void)) {
    const void *identity = (__bridge const void *)proxy;
    NSUInteger depth = 0;
    for (OnKitFrame *open = OnKitFrames; open != NULL; open = open->next) {
        if (open->proxy == identity && open->key == key && open->kind == kind && ++depth >= limit) {
            return NO;
        }
    }
    OnKitFrame frame = {identity, key, kind, OnKitFrames};
    OnKitFrames = &frame;
    @try {
        body();
    } @finally {
        OnKitFrames = frame.next;
    }
    return YES;
}

@implementation OnKitForwardingProxy {
    os_unfair_lock _signaturesLock;
    /// The target's method signature of every selector claimed for it, by selector name.
    NSMutableDictionary<NSString *, NSMethodSignature *> *_signatures;
}

- (instancetype)init {
    if ((self = [super init])) {
        _signaturesLock = OS_UNFAIR_LOCK_INIT;
        _signatures = [NSMutableDictionary dictionary];
    }
    return self;
}

- (nullable id)onkit_forwardTarget {
    return nil;
}

- (void)onkit_cutLoopThroughTarget:(id)target selector:(SEL)selector {
}

- (OnKitForwardingProxy *)onkit_reachedDelegateProxy {
    return self;
}

+ (nullable OnKitForwardingProxy *)onkit_proxyReachedFrom:(id)candidate {
    if (![candidate respondsToSelector:@selector(onkit_reachedDelegateProxy)]) {
        return nil;
    }
    id reached = [candidate onkit_reachedDelegateProxy];
    // The class itself, not `isKindOfClass:`, which a wrapper may forward to what it wraps.
    for (Class cls = object_getClass(reached); cls != Nil; cls = class_getSuperclass(cls)) {
        if (cls == OnKitForwardingProxy.class) {
            return reached;
        }
    }
    return nil;
}

#pragma mark Asking the target, guarded

- (BOOL)onkit_target:(id)target respondsToSelector:(SEL)selector {
    __block BOOL responds = NO;
    OnKitGuarded(self, selector, OnKitFrameResponds, 1, ^{
        responds = [target respondsToSelector:selector];
    });
    return responds;
}

- (nullable NSMethodSignature *)onkit_signatureOfTarget:(id)target forSelector:(SEL)selector {
    __block NSMethodSignature *signature = nil;
    OnKitGuarded(self, selector, OnKitFrameSignature, 1, ^{
        signature = [target methodSignatureForSelector:selector];
    });
    return signature;
}

- (BOOL)onkit_forwardTargetRespondsToSelector:(SEL)selector {
    id target = self.onkit_forwardTarget;
    if (target == nil || ![self onkit_target:target respondsToSelector:selector]) {
        return NO;
    }
    NSString *name = NSStringFromSelector(selector);
    os_unfair_lock_lock(&_signaturesLock);
    BOOL known = _signatures[name] != nil;
    os_unfair_lock_unlock(&_signaturesLock);
    if (!known) {
        // Asked outside the lock: the target's answer may run any code.
        NSMethodSignature *signature = [self onkit_signatureOfTarget:target forSelector:selector];
        if (signature != nil) {
            os_unfair_lock_lock(&_signaturesLock);
            _signatures[name] = signature;
            os_unfair_lock_unlock(&_signaturesLock);
        }
    }
    return YES;
}

#pragma mark Forwarding

- (nullable NSMethodSignature *)methodSignatureForSelector:(SEL)selector {
    NSMethodSignature *signature = [super methodSignatureForSelector:selector];
    if (signature != nil) {
        return signature;
    }
    id target = self.onkit_forwardTarget;
    if (target != nil && (signature = [self onkit_signatureOfTarget:target forSelector:selector]) != nil) {
        return signature;
    }
    os_unfair_lock_lock(&_signaturesLock);
    signature = _signatures[NSStringFromSelector(selector)];
    os_unfair_lock_unlock(&_signaturesLock);
    // nil only for a selector nobody ever claimed: NSObject then raises, as any object would.
    return signature;
}

- (void)forwardInvocation:(NSInvocation *)invocation {
    SEL selector = invocation.selector;
    id target = self.onkit_forwardTarget;
    if (target != nil && [self onkit_target:target respondsToSelector:selector]) {
        BOOL forwarded = OnKitGuarded(self, selector, OnKitFrameForward, OnKitForwardingProxyMaximumNesting, ^{
            [invocation invokeWithTarget:target];
        });
        if (forwarded) {
            return;
        }
        // A loop: the target forwards this selector back here. The subclass learns it, so that
        // later messages skip that target (and reports it once, in DEBUG builds); this one goes
        // to the delegate the loop hid, with no frame (if that one loops too, it is cut in turn).
        [self onkit_cutLoopThroughTarget:target selector:selector];
        id fallback = self.onkit_forwardTarget;
        if (fallback != nil && fallback != target && [self onkit_target:fallback respondsToSelector:selector]) {
            [invocation invokeWithTarget:fallback];
            return;
        }
    }
    // The target is gone (or would loop): the call is dropped and returns its type's zero value.
    NSUInteger length = invocation.methodSignature.methodReturnLength;
    if (length > 0) {
        void *zero = calloc(1, length);
        if (zero != NULL) {
            [invocation setReturnValue:zero];
            free(zero);
        }
    }
}

- (BOOL)conformsToProtocol:(Protocol *)protocol {
    if ([super conformsToProtocol:protocol]) {
        return YES;
    }
    id target = self.onkit_forwardTarget;
    __block BOOL conforms = NO;
    if (target != nil) {
        OnKitGuarded(self, (__bridge const void *)protocol, OnKitFrameConforms, 1, ^{
            conforms = [target conformsToProtocol:protocol];
        });
    }
    return conforms;
}

@end
#endif
