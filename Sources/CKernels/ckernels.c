/* RasterCore's inner loops written in C, where Swift's generic SIMD lane conversions
   (UInt8/UInt32 <-> Float) do not compile to packed instructions. Each function is a plain loop
   over contiguous buffers; the arithmetic is the same float arithmetic, in the same order, as the
   Swift reference it replaced, so the output bytes did not change. */
#include "ckernels.h"
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* No fused multiply-add: the same bytes on every machine (arm64 would fuse otherwise). */
#pragma STDC FP_CONTRACT OFF

typedef float ckernels_f4 __attribute__((ext_vector_type(4)));
typedef uint8_t ckernels_u8x4 __attribute__((ext_vector_type(4)));
typedef uint32_t ckernels_u32x4 __attribute__((ext_vector_type(4)));
typedef double ckernels_d4 __attribute__((ext_vector_type(4)));

/* One source row resized horizontally: `dst_count` float RGBA quadruples. A pixel's four bytes
   (R, G, B, A in memory order) become one float vector: a load, a conversion and a multiply-add
   per tap. `taps` > 0: every output has exactly that many (zero-weighted where padded), so the
   inner loop has a fixed length — no branch to mispredict on a count that alternates. */
static inline __attribute__((always_inline)) void
ckernels_resize_row_fixed(const uint32_t *row, size_t dst_count, const int32_t *first, int32_t taps,
                          const float *weights, float *out) {
  for (size_t x = 0; x < dst_count; x++) {
    ckernels_f4 acc = 0;
    const uint32_t *p = row + first[x];
    const float *w = weights + (size_t)taps * x;
    for (int32_t k = 0; k < taps; k++) {
      ckernels_u8x4 v;
      memcpy(&v, p + k, 4);
      acc += __builtin_convertvector(v, ckernels_f4) * w[k];
    }
    memcpy(out + 4 * x, &acc, 16);
  }
}

static inline void ckernels_resize_row(const uint32_t *row, size_t dst_count, const int32_t *first,
                                       const int32_t *count, const int32_t *start, const float *weights,
                                       int32_t taps, float *out) {
  switch (taps) {
  case 1: ckernels_resize_row_fixed(row, dst_count, first, 1, weights, out); return;
  case 2: ckernels_resize_row_fixed(row, dst_count, first, 2, weights, out); return;
  case 3: ckernels_resize_row_fixed(row, dst_count, first, 3, weights, out); return;
  case 4: ckernels_resize_row_fixed(row, dst_count, first, 4, weights, out); return;
  default: break;
  }
  if (taps > 0) {
    ckernels_resize_row_fixed(row, dst_count, first, taps, weights, out);
    return;
  }
  for (size_t x = 0; x < dst_count; x++) {
    ckernels_f4 acc = 0;
    const uint32_t *p = row + first[x];
    const float *w = weights + start[x];
    for (int32_t k = 0; k < count[x]; k++) {
      ckernels_u8x4 v;
      memcpy(&v, p + k, 4);
      acc += __builtin_convertvector(v, ckernels_f4) * w[k];
    }
    memcpy(out + 4 * x, &acc, 16);
  }
}

/* One pixel's four floats (0...255) rounded to nearest, ties to even, as RasterCore's
   FloatImage.quantize does — clamped, then 1.5 × 2^23 added leaves the integer in the low
   mantissa bits — lane-wise; colour clamped to alpha and packed. */
static inline uint32_t ckernels_pack(const float *p) {
  ckernels_f4 v;
  memcpy(&v, p, 16);
  v = v < 0 ? (ckernels_f4)0 : v;
  v = v > 255 ? (ckernels_f4)255 : v;
  v = v + (ckernels_f4)12582912.0f;
  ckernels_u32x4 bits;
  memcpy(&bits, &v, 16);
  bits &= 0xFF;
#if defined(__SSE2__)
  /* Lanes are 0...255: signed compares and saturating packs are exact. Colour lanes take the
     smaller of themselves and alpha; the four bytes are packed in one go. */
  __m128i q;
  memcpy(&q, &bits, 16);
  __m128i alpha = _mm_shuffle_epi32(q, _MM_SHUFFLE(3, 3, 3, 3));
  __m128i over = _mm_cmpgt_epi32(q, alpha);
  q = _mm_or_si128(_mm_and_si128(over, alpha), _mm_andnot_si128(over, q));
  q = _mm_packs_epi32(q, q);
  q = _mm_packus_epi16(q, q);
  return (uint32_t)_mm_cvtsi128_si32(q);
#else
  uint32_t a = bits.w;
  uint32_t r = bits.x < a ? bits.x : a, g = bits.y < a ? bits.y : a, b = bits.z < a ? bits.z : a;
  return r | (g << 8) | (b << 16) | (a << 24);
#endif
}

void ckernels_resize(const uint32_t *src, size_t src_width, size_t src_height, size_t dst_width,
                     size_t dst_height, const int32_t *xfirst, const int32_t *xcount,
                     const int32_t *xstart, const float *xweights, int32_t xtaps, const int32_t *yfirst,
                     const int32_t *ycount, const int32_t *ystart, const float *yweights,
                     float *ring, int64_t *ring_rows, size_t ring_count, float *acc, uint32_t *dst) {
  /* Output row by output row: its source rows are resized horizontally into the ring when not
     already there (consecutive output rows share at most a boundary row, so a ring one longer
     than the most taps never evicts a row still needed), then each tap adds a whole ring row to
     an accumulator row (contiguous, vectorised); every channel sums its taps in order. */
  size_t n = dst_width * 4;
  for (size_t i = 0; i < ring_count; i++) ring_rows[i] = -1;
  for (size_t y = 0; y < dst_height; y++) {
    const float *w = yweights + ystart[y];
    for (size_t i = 0; i < n; i++) acc[i] = 0;
    for (int32_t k = 0; k < ycount[y]; k++) {
      int64_t r = (int64_t)yfirst[y] + k;
      if (r < 0 || (size_t)r >= src_height) continue;
      size_t slot = (size_t)r % ring_count;
      float *p = ring + slot * n;
      if (ring_rows[slot] != r) {
        ckernels_resize_row(src + (size_t)r * src_width, dst_width, xfirst, xcount, xstart, xweights, xtaps, p);
        ring_rows[slot] = r;
      }
      float wt = w[k];
      for (size_t i = 0; i < n; i++) acc[i] += p[i] * wt;
    }
    uint32_t *out = dst + y * dst_width;
    for (size_t x = 0; x < dst_width; x++) out[x] = ckernels_pack(acc + 4 * x);
  }
}

/* round(s / 9) for 0 <= s <= 2295: floor((s + 4) / 9), as a multiply-high (exact in that
   range; a test checks every value). */
static inline uint32_t ckernels_div9(uint32_t s) { return ((s + 4) * 7282u) >> 16; }

void ckernels_downsample_3to2(const uint32_t *src, size_t src_width, size_t src_height, const uint32_t *zero_row,
                              uint32_t *dst) {
  /* Per block: h0 = 2·p0 + p1 and h1 = p1 + 2·p2 along each source row (per channel), then
     out(0, ·) = 2·h(row 0) + h(row 1) and out(1, ·) = h(row 1) + 2·h(row 2); sums are at most
     9 × 255 = 2295, so 16-bit lanes hold them. Pixels past the right or bottom edge count as
     clear (the image padded to whole blocks); output pixels wholly in that padding are not
     written (the output is ⌈2w/3⌉ × ⌈2h/3⌉). */
  const size_t full = src_width / 3, bw = (src_width + 2) / 3, bh = (src_height + 2) / 3;
  const size_t dw = (2 * src_width + 2) / 3, dh = (2 * src_height + 2) / 3;
  for (size_t by = 0; by < bh; by++) {
    const uint32_t *rows[3];
    for (int r = 0; r < 3; r++) rows[r] = 3 * by + r < src_height ? src + (3 * by + r) * src_width : zero_row;
    uint32_t *o0 = dst + 2 * by * dw;
    uint32_t *o1 = 2 * by + 1 < dh ? o0 + dw : NULL;
    size_t bx = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), four = _mm_set1_epi16(4), magic = _mm_set1_epi16((short)7282);
    /* Whole 16-byte loads while a block's 12 bytes and the 4 after it are inside the row (the
       zero row is as wide as the image). */
    for (; bx + 1 < full; bx++) {
      __m128i h[3];
      for (int r = 0; r < 3; r++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(rows[r] + 3 * bx)); /* p0 p1 p2 (p3) */
        __m128i x = _mm_unpacklo_epi8(_mm_shuffle_epi32(v, _MM_SHUFFLE(3, 3, 2, 0)), zero); /* p0 p2 */
        __m128i y = _mm_unpacklo_epi8(_mm_shuffle_epi32(v, _MM_SHUFFLE(3, 3, 1, 1)), zero); /* p1 p1 */
        h[r] = _mm_add_epi16(_mm_add_epi16(x, x), y);
      }
      __m128i s0 = _mm_add_epi16(_mm_add_epi16(h[0], h[0]), h[1]);
      s0 = _mm_mulhi_epu16(_mm_add_epi16(s0, four), magic);
      _mm_storel_epi64((__m128i *)(o0 + 2 * bx), _mm_packus_epi16(s0, s0));
      if (o1) {
        __m128i s1 = _mm_add_epi16(_mm_add_epi16(h[2], h[2]), h[1]);
        s1 = _mm_mulhi_epu16(_mm_add_epi16(s1, four), magic);
        _mm_storel_epi64((__m128i *)(o1 + 2 * bx), _mm_packus_epi16(s1, s1));
      }
    }
#endif
    for (; bx < bw; bx++) {
      uint32_t out[4] = {0, 0, 0, 0};
      for (int c = 0; c < 32; c += 8) {
        uint32_t h0[3], h1[3];
        for (int r = 0; r < 3; r++) {
          uint32_t q[3];
          for (int k = 0; k < 3; k++) q[k] = 3 * bx + k < src_width ? (rows[r][3 * bx + k] >> c) & 0xFF : 0;
          h0[r] = 2 * q[0] + q[1];
          h1[r] = q[1] + 2 * q[2];
        }
        out[0] |= ckernels_div9(2 * h0[0] + h0[1]) << c;
        out[1] |= ckernels_div9(2 * h1[0] + h1[1]) << c;
        out[2] |= ckernels_div9(h0[1] + 2 * h0[2]) << c;
        out[3] |= ckernels_div9(h1[1] + 2 * h1[2]) << c;
      }
      o0[2 * bx] = out[0];
      if (2 * bx + 1 < dw) o0[2 * bx + 1] = out[1];
      if (o1) {
        o1[2 * bx] = out[2];
        if (2 * bx + 1 < dw) o1[2 * bx + 1] = out[3];
      }
    }
  }
}

/* The rounding of ckernels_downsample_3to2, for the test that checks it over every sum. */
uint32_t ckernels_div9_for_test(uint32_t s) { return ckernels_div9(s); }

void ckernels_upsample_row(const float *line, size_t width, const int32_t *left, const float *weight,
                           uint32_t *out) {
  /* Per output pixel: a + (b − a)·f between two texels of the interpolated row (lane-wise, no
     fused multiply-add), then clamped to 0...255, rounded to nearest even (the 1.5 × 2^23
     trick), colour clamped to alpha and packed — FloatImage.quantize's arithmetic. */
  for (size_t x = 0; x < width; x++) {
    const float *p = line + 4 * ((size_t)(left[x] + 1));
    ckernels_f4 a, b;
    memcpy(&a, p, 16);
    memcpy(&b, p + 4, 16);
    ckernels_f4 v = a + (b - a) * weight[x];
    float lanes[4];
    memcpy(lanes, &v, 16);
    out[x] = ckernels_pack(lanes);
  }
}

/* The table index of one gradient parameter t, as Shader.lookup computes it: NaN is entry 0,
   otherwise t·(n−1) + ½ clamped to 0...n−1 and truncated. */
static inline uint32_t ckernels_gradient_entry(double t, double top, const uint32_t *table) {
  double scaled = t * top + 0.5;
  if (scaled != scaled) return table[0];
  double c = scaled < top ? scaled : top;
  c = c > 0 ? c : 0;
  return table[(int32_t)c];
}

void ckernels_radial_shade(double px, double py, double ax, double ay, double r0, double dr,
                           const uint32_t *table, int32_t table_size, size_t count, uint32_t *out) {
  /* Positions advance by repeated addition, exactly as the Swift loop did; the distances and
     parameters are then computed four at a time (IEEE square root and division: the same
     values as one at a time). */
  const double top = (double)(table_size - 1);
  double xs[64], ys[64];
  size_t done = 0;
  while (done < count) {
    size_t n = count - done < 64 ? count - done : 64;
    for (size_t i = 0; i < n; i++) {
      xs[i] = px;
      ys[i] = py;
      px += ax;
      py += ay;
    }
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
      ckernels_d4 x, y;
      memcpy(&x, xs + i, 32);
      memcpy(&y, ys + i, 32);
      ckernels_d4 dist = __builtin_elementwise_sqrt(x * x + y * y);
      ckernels_d4 t = (dist - r0) / dr;
      for (int k = 0; k < 4; k++) out[done + i + k] = ckernels_gradient_entry(t[k], top, table);
    }
    for (; i < n; i++) {
      double dist = __builtin_sqrt(xs[i] * xs[i] + ys[i] * ys[i]);
      out[done + i] = ckernels_gradient_entry((dist - r0) / dr, top, table);
    }
    done += n;
  }
}

void ckernels_advise_huge(void *p, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  /* Only the whole 2-MiB pages inside the buffer; a failure (no THP support) changes nothing. */
  const uintptr_t huge = (uintptr_t)2 << 20;
  uintptr_t start = ((uintptr_t)p + huge - 1) & ~(huge - 1);
  uintptr_t end = ((uintptr_t)p + bytes) & ~(huge - 1);
  if (end > start) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
  (void)p;
  (void)bytes;
#endif
}

