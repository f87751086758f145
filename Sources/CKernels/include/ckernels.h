/* Inner loops of RasterCore that Swift does not vectorise well (see ckernels.c). */
#ifndef CKERNELS_H
#define CKERNELS_H
#include <stddef.h>
#include <stdint.h>

/* A separable area-average resize of `src` (`src_width` × `src_height` packed pixels,
   0xAABBGGRR) to `dst` (`dst_width` × `dst_height`). For each output column x, `xcount[x]` taps
   start at source column `xfirst[x]` with weights `xweights[xstart[x]...]`; rows likewise with
   the y arrays. `xtaps` > 0 says every column has exactly that many taps (weights at x·xtaps;
   `xcount` and `xstart` unused). Results are rounded to nearest (ties to even) and colour is clamped to alpha.
   Scratch: `ring` holds `ring_count` rows of `dst_width` × 4 floats (ring_count > the most row
   taps), `ring_rows` `ring_count` tags, `acc` `dst_width` × 4 floats. */
void ckernels_resize(const uint32_t *src, size_t src_width, size_t src_height, size_t dst_width,
                     size_t dst_height, const int32_t *xfirst, const int32_t *xcount,
                     const int32_t *xstart, const float *xweights, int32_t xtaps, const int32_t *yfirst,
                     const int32_t *ycount, const int32_t *ystart, const float *yweights,
                     float *ring, int64_t *ring_rows, size_t ring_count, float *acc, uint32_t *dst);
/* One output row of the blur's bilinear upsample: pixel x interpolates texels left[x] and
   left[x] + 1 of `line` (float RGBA quadruples, texel −1 first) by weight[x], then rounds
   and packs as RasterCore's FloatImage.quantize. */
void ckernels_upsample_row(const float *line, size_t width, const int32_t *left, const float *weight,
                           uint32_t *out);
/* `count` pixels of a radial gradient: pixel i sits at (px, py) + i·(ax, ay) in gradient space
   (added up one step at a time), its parameter is (|p| − r0) / dr (dr ≠ 0) and its colour the
   table entry Shader.lookup picks. */
void ckernels_radial_shade(double px, double py, double ax, double ay, double r0, double dr,
                           const uint32_t *table, int32_t table_size, size_t count, uint32_t *out);
/* Asks the kernel to back the whole 2-MiB pages of a large, not yet touched buffer with huge
   pages (Linux transparent huge pages in "madvise" mode): one fault per 2 MiB instead of 512. */
void ckernels_advise_huge(void *p, size_t bytes);
#endif
