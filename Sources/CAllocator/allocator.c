/* Frames are a few megabytes each and a batch allocates and frees them per variant. glibc
   serves blocks over 128 KiB with fresh mmap()s that the kernel zero-fills page by page (a
   tenth of a batch's time went to page faults); keeping them in the heap lets each frame reuse
   the last one's pages. Peak memory is still bounded by the frames in flight. Only the
   executables call this: a library should not change its host's allocator. */
#include "callocator.h"
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void callocator_keep_large_blocks(void) {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif
}
