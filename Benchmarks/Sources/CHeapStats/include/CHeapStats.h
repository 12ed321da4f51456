#ifndef C_HEAP_STATS_H
#define C_HEAP_STATS_H

#include <stddef.h>

/// Heap bytes in use: glibc's mallinfo2() uordblks + hblkhd; -1 where mallinfo2 is missing.
/// (Swift's Glibc module does not export <malloc.h>, hence this C shim.)
long long c_heap_stats_live_bytes(void);

#endif
