#include "OnKitThreadLocal.h"

#if defined(__linux__)
__thread void *_Nullable onkit_thread_record = 0;
#endif
