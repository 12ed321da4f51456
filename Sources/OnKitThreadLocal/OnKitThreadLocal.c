// The module is header-only (see include/OnKitThreadLocal.h); SwiftPM wants one source file.
#include "OnKitThreadLocal.h"
