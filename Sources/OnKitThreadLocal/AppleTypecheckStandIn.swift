// Not part of this target (Package.swift lists only OnKitThreadLocal.c as its sources).
//
// apple-typecheck compiles Swift only, and compiles every library target: for this C target it
// compiles this file as the module OnKitThreadLocal. OnKit imports the module on Linux only
// (see include/OnKitThreadLocal.h), so on Apple platforms the module is empty.
