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
/* The area-average resize to two thirds: every 3×3 source block becomes 2×2 pixels, each the
   average of the 1.5×1.5 source square it covers — weights 4, 2, 2, 1 over 9 — rounded to
   nearest. Pixels past the right and bottom edges count as clear; `dst` is ⌈2w/3⌉ × ⌈2h/3⌉ and
   `zero_row` `src_width` clear pixels. With both sides multiples of 3, the same pixels as
   ckernels_resize at this ratio: a sum over 9 is never within 1/18 of a rounding tie, far beyond
   float error. */
void ckernels_downsample_3to2(const uint32_t *src, size_t src_width, size_t src_height, const uint32_t *zero_row,
                              uint32_t *dst);
/* Its rounding of a sum s (0...2295) over 9, exposed for a test. */
uint32_t ckernels_div9_for_test(uint32_t s);
/* The SHA-256 digest of `count` bytes into `digest`: with the SHA extensions when the processor
   has them, unless `portable` (plain C; the tests compare the two). */
void ckernels_sha256(const uint8_t *data, size_t count, int portable, uint8_t digest[32]);
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
