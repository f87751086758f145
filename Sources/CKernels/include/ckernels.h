/* Inner loops of RasterCore that Swift does not vectorise well (see ckernels.c). */
#ifndef CKERNELS_H
#define CKERNELS_H
#include <stddef.h>
#include <stdint.h>

/* One pass of a separable area-average resize. For each output index i, `count[i]` taps start at
   source index `first[i]` with weights `weights[start[i]...]`.
   Horizontal: `src` holds `rows` rows of `src_width` packed pixels (0xAABBGGRR); writes
   `rows` × `dst_count` float RGBA quadruples to `tmp`.
   Vertical: reads `tmp` (`width` float quadruples per row) and writes `dst_count` rows of packed
   pixels to `dst`, rounded to nearest (ties to even) and colour clamped to alpha; `acc` is
   scratch space for `width` × 4 floats. */
void ckernels_resize_horizontal(const uint32_t *src, size_t src_width, size_t rows, size_t dst_count,
                                const int32_t *first, const int32_t *count, const int32_t *start,
                                const float *weights, float *tmp);
void ckernels_resize_vertical(const float *tmp, size_t width, size_t dst_count, const int32_t *first,
                              const int32_t *count, const int32_t *start, const float *weights,
                              float *acc, uint32_t *dst);
#endif
