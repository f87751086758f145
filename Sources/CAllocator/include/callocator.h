/* Allocator tuning for the widgetctl executable (see allocator.c). */
#ifndef CALLOCATOR_H
#define CALLOCATOR_H
/* Keeps large blocks in the heap so frames reuse pages; a no-op outside glibc. */
void callocator_keep_large_blocks(void);
#endif
