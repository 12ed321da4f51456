// The calling thread's hazard record (OnKit's ReadHazards), in a C thread-local variable: Swift
// has none, and `pthread_getspecific` costs a call and a key lookup on every send. Linux only:
// on Apple platforms `pthread_getspecific` is a few instructions already.
//
// Header-only, so that code compiling OnKit's sources by hand needs only this folder on its
// include path (`-I Sources/OnKitThreadLocal/include`), no object file. The variable is a weak
// definition, as a C++ inline variable is: every object file that uses it defines it, and the
// linker keeps one. It must not be `static`: a release build splits a module into one object
// file per Swift file, and the optimizer inlines ReadHazards' functions into other files; with
// a `static` variable, each of those files had a copy of its own that nothing ever set, which
// LLVM then folded to NULL (every send made inside OnKit took the slow path, and a function
// inlined there would have seen no record at all). Hidden: a shared library does not export it.
//
// The default TLS model: when OnKit is linked into an executable (as SwiftPM links it), the
// linker turns each access into one load from the thread pointer; in a shared library it stays
// a `__tls_get_addr` call, which works however the library is loaded.
#ifndef ONKIT_THREAD_LOCAL_H
#define ONKIT_THREAD_LOCAL_H

#if defined(__linux__)

/// The thread's record, 1 once its key's destructor returned it, or NULL before its first send.
__attribute__((weak, visibility("hidden"))) __thread void *_Nullable onkit_thread_record = 0;

/// Reads the calling thread's record (see `onkit_thread_record`).
static inline void *_Nullable onkit_thread_record_get(void) { return onkit_thread_record; }

/// Sets the calling thread's record (see `onkit_thread_record`).
static inline void onkit_thread_record_set(void *_Nullable record) { onkit_thread_record = record; }

#endif
#endif
