/* libpng behind a C wall. Decoding uses the simplified png_image_* API, which keeps its
   setjmp inside libpng. Encoding needs control the simplified API lacks (zlib level,
   strategy, row filters), so it uses the classic API with a setjmp in *this* frame: the
   error handler longjmps back here and never through a Swift frame. */
#include "cpng.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void copy_message(char *error, size_t capacity, const char *message) {
  if (capacity == 0) return;
  strncpy(error, message ? message : "unknown libpng error", capacity - 1);
  error[capacity - 1] = 0;
}

static int begin(png_image *image, const uint8_t *data, size_t size, char *error, size_t cap) {
  memset(image, 0, sizeof *image);
  image->version = PNG_IMAGE_VERSION;
  if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
    copy_message(error, cap, "not a PNG file (bad signature)");
    return 1;
  }
  if (!png_image_begin_read_from_memory(image, data, size)) {
    copy_message(error, cap, image->message);
    png_image_free(image);
    return 1;
  }
  return 0;
}

int cpng_read_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                   char *error, size_t cap) {
  png_image image;
  if (begin(&image, data, size, error, cap)) return 1;
  *width = image.width;
  *height = image.height;
  png_image_free(&image);
  return 0;
}

static uint32_t be32(const uint8_t *p) {
  return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

int cpng_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **out,
                     uint32_t *width, uint32_t *height, char *error, size_t cap) {
  png_image image;
  *out = NULL;
  /* The size is checked from IHDR (always the first chunk, at byte 8) before libpng reads any
     further, so an image that lies about its size is refused without work or allocation. */
  if (size >= 24 && png_sig_cmp((png_const_bytep)data, 0, 8) == 0 && memcmp(data + 12, "IHDR", 4) == 0) {
    uint32_t w = be32(data + 16), h = be32(data + 20);
    if ((uint64_t)w * (uint64_t)h > max_pixels) {
      snprintf(error, cap, "image is %ux%u pixels, over the limit of %llu pixels",
               w, h, (unsigned long long)max_pixels);
      return 2;
    }
  }
  if (begin(&image, data, size, error, cap)) return 1;
  if (image.width == 0 || image.height == 0 ||
      (uint64_t)image.width * (uint64_t)image.height > max_pixels) {
    snprintf(error, cap, "image is %ux%u pixels, over the limit of %llu pixels",
             image.width, image.height, (unsigned long long)max_pixels);
    png_image_free(&image);
    return 2;
  }
  image.format = PNG_FORMAT_RGBA;
  size_t bytes = PNG_IMAGE_SIZE(image);
  uint8_t *pixels = malloc(bytes);
  if (!pixels) {
    copy_message(error, cap, "out of memory");
    png_image_free(&image);
    return 1;
  }
  if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
    copy_message(error, cap, image.message);
    free(pixels);
    png_image_free(&image);
    return 1;
  }
  *width = image.width;
  *height = image.height;
  *out = pixels;
  png_image_free(&image);
  return 0;
}

typedef struct {
  jmp_buf jump;
  char message[256];
  uint8_t *buffer;
  size_t size, capacity;
  int failed_alloc;
} writer_state;

static void on_error(png_structp png, png_const_charp message) {
  writer_state *state = png_get_error_ptr(png);
  copy_message(state->message, sizeof state->message, message);
  longjmp(state->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
  (void)png; (void)message; /* libpng never prints to stderr on our behalf */
}

static void on_write(png_structp png, png_bytep bytes, png_size_t length) {
  writer_state *state = png_get_io_ptr(png);
  if (state->size + length > state->capacity) {
    size_t capacity = state->capacity ? state->capacity : 65536;
    while (capacity < state->size + length) capacity *= 2;
    uint8_t *grown = realloc(state->buffer, capacity);
    if (!grown) { state->failed_alloc = 1; png_error(png, "out of memory"); }
    state->buffer = grown;
    state->capacity = capacity;
  }
  memcpy(state->buffer + state->size, bytes, length);
  state->size += length;
}

static void on_flush(png_structp png) { (void)png; }

int cpng_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                     int level, int filters, int strategy, int opaque,
                     uint8_t **out, size_t *out_size, char *error, size_t cap) {
  *out = NULL;
  *out_size = 0;
  writer_state state;
  memset(&state, 0, sizeof state);
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
  if (!png) { copy_message(error, cap, "cannot create libpng writer"); return 1; }
  png_infop info = png_create_info_struct(png);
  /* Rows of an RGB image are packed here, so they are held in a volatile pointer: it is
     written after setjmp and freed in the error branch. */
  uint8_t *volatile row = NULL;
  if (!info || setjmp(state.jump)) {
    copy_message(error, cap, info ? state.message : "cannot create libpng info");
    png_destroy_write_struct(&png, info ? &info : NULL);
    free(state.buffer);
    free(row);
    return 1;
  }
  png_set_write_fn(png, &state, on_write, on_flush);
  png_set_IHDR(png, info, width, height, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGBA,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
  png_set_compression_level(png, level);
  png_set_compression_strategy(png, strategy);
  png_set_compression_mem_level(png, 9);
  if (filters) png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
  png_write_info(png, info);
  if (opaque) {
    row = malloc((size_t)width * 3);
    if (!row) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) {
      const uint8_t *src = rgba + (size_t)y * stride;
      uint8_t *dst = row;
      for (uint32_t x = 0; x < width; x++, src += 4, dst += 3) {
        dst[0] = src[0]; dst[1] = src[1]; dst[2] = src[2];
      }
      png_write_row(png, row);
    }
  } else {
    for (uint32_t y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rgba + (size_t)y * stride));
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  free(row);
  *out = state.buffer;
  *out_size = state.size;
  return 0;
}

void cpng_free(void *pointer) { free(pointer); }

/* Adler-32 sixteen bytes at a time (zlib's loop is one byte at a time). Per 16-byte chunk with
   sum S and position-weighted sum W (weights 16…1): b += 16·a + W, a += S. Over k chunks that is
   b += 16·(k·a + Σ of the running sums before each chunk) + ΣW, with the running sums kept
   in vector lanes; blocks of at most 5,552 bytes keep every lane within 32 bits, as zlib's NMAX
   does. The result is zlib's (test). SSE2 is part of x86-64; elsewhere, zlib. */
#if defined(__SSE2__)
#include <emmintrin.h>
static uint64_t hsum32(__m128i v) {
  uint32_t lanes[4];
  _mm_storeu_si128((__m128i *)lanes, v);
  return (uint64_t)lanes[0] + lanes[1] + lanes[2] + lanes[3];
}
#endif

uint32_t cpng_adler32(uint32_t adler, const uint8_t *data, size_t size) {
#if defined(__SSE2__)
  const uint32_t mod = 65521;
  uint32_t a = adler & 0xFFFF, b = adler >> 16;
  const __m128i zero = _mm_setzero_si128();
  const __m128i wlo = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
  const __m128i whi = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
  while (size >= 16) {
    size_t n = (size < 5552 ? size : 5552) & ~(size_t)15;
    size_t k = n / 16;
    __m128i vs1 = zero, vps = zero, vs2 = zero;
    for (size_t j = 0; j < k; j++) {
      __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(data + 16 * j));
      vps = _mm_add_epi32(vps, vs1);
      vs1 = _mm_add_epi32(vs1, _mm_sad_epu8(c, zero));
      vs2 = _mm_add_epi32(vs2, _mm_madd_epi16(_mm_unpacklo_epi8(c, zero), wlo));
      vs2 = _mm_add_epi32(vs2, _mm_madd_epi16(_mm_unpackhi_epi8(c, zero), whi));
    }
    uint64_t bb = (uint64_t)b + 16 * ((uint64_t)k * a + hsum32(vps)) + hsum32(vs2);
    a = (uint32_t)(((uint64_t)a + hsum32(vs1)) % mod);
    b = (uint32_t)(bb % mod);
    data += n;
    size -= n;
  }
  while (size--) {
    a += *data++;
    if (a >= mod) a -= mod;
    b += a;
    if (b >= mod) b -= mod;
  }
  return (b << 16) | a;
#else
  return (uint32_t)adler32_z(adler, data, size);
#endif
}

uint32_t cpng_adler32_zlib(uint32_t adler, const uint8_t *data, size_t size) {
  return (uint32_t)adler32_z(adler, data, size);
}

uint32_t cpng_adler32_combine(uint32_t first, uint32_t second, size_t second_size) {
  return (uint32_t)adler32_combine(first, second, (z_off_t)second_size);
}

uint32_t cpng_crc32(uint32_t crc, const uint8_t *data, size_t size) {
  return (uint32_t)crc32_z(crc, data, size);
}

/* ---- The fast encoder's row filter (FastPNGEncoder.swift) ----
   One row of premultiplied pixels (0xAABBGGRR) is un-premultiplied into `cur` (straight RGB or
   RGBA bytes, `bpp` zero bytes before it stand for "left of x = 0"), then Paeth-filtered
   against `prev` (the previous row, same layout) into `out`. Encoding has no serial dependency
   (the predictor reads raw bytes, not filtered ones), so 16 bytes are filtered at a time with
   clang's portable vector types, which compile to SSE/AVX on x86-64 and NEON on arm64. */
typedef int16_t cpng_i16x16 __attribute__((ext_vector_type(16)));
typedef uint8_t cpng_u8x16 __attribute__((ext_vector_type(16)));

static inline uint32_t cpng_unpremultiply(uint32_t v) {
  uint32_t a = v >> 24;
  if (a == 255) return v;
  if (a == 0) return 0;
  uint32_t half = a / 2, r = v & 0xFF, g = (v >> 8) & 0xFF, b = (v >> 16) & 0xFF;
  r = (r * 255 + half) / a; g = (g * 255 + half) / a; b = (b * 255 + half) / a;
  if (r > 255) r = 255;
  if (g > 255) g = 255;
  if (b > 255) b = 255;
  return r | (g << 8) | (b << 16) | (a << 24);
}

/* |v| per lane (a macro: a function taking a 32-byte vector would change the x86-64 ABI without AVX). */
#define CPNG_ABS16(v) ((v) < 0 ? -(v) : (v))

#if defined(__SSE2__)
/* Paeth's prediction for 16 byte lanes (see cpng_filter_row). */
static inline __m128i cpng_paeth16(__m128i va, __m128i vb, __m128i vc) {
  __m128i pa = _mm_or_si128(_mm_subs_epu8(vb, vc), _mm_subs_epu8(vc, vb));
  __m128i pb = _mm_or_si128(_mm_subs_epu8(va, vc), _mm_subs_epu8(vc, va));
  __m128i b_ge = _mm_cmpeq_epi8(_mm_max_epu8(vb, vc), vb);
  __m128i a_ge = _mm_cmpeq_epi8(_mm_max_epu8(va, vc), va);
  __m128i same = _mm_cmpeq_epi8(b_ge, a_ge);
  __m128i sum = _mm_adds_epu8(pa, pb);
  __m128i diff = _mm_or_si128(_mm_subs_epu8(pa, pb), _mm_subs_epu8(pb, pa));
  __m128i pc = _mm_or_si128(_mm_and_si128(same, sum), _mm_andnot_si128(same, diff));
  /* x <= y on unsigned bytes: min(x, y) == x. */
  __m128i pa_le_pb = _mm_cmpeq_epi8(_mm_min_epu8(pa, pb), pa);
  __m128i pa_le_pc = _mm_cmpeq_epi8(_mm_min_epu8(pa, pc), pa);
  __m128i pb_le_pc = _mm_cmpeq_epi8(_mm_min_epu8(pb, pc), pb);
  __m128i take_a = _mm_and_si128(pa_le_pb, pa_le_pc);
  __m128i bc = _mm_or_si128(_mm_and_si128(pb_le_pc, vb), _mm_andnot_si128(pb_le_pc, vc));
  return _mm_or_si128(_mm_and_si128(take_a, va), _mm_andnot_si128(take_a, bc));
}
#endif

static inline int cpng_paeth_scalar(int a, int b, int c) {
  int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
  return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

long cpng_paeth_mismatches(void) {
  /* Every (a, b, c): the byte-lane predictor against the definition (a test calls it). */
  long bad = 0;
#if defined(__SSE2__)
  uint8_t av[16], bv[16], cv[16], pv[16];
  for (int a = 0; a < 256; a++)
    for (int b = 0; b < 256; b++)
      for (int c = 0; c < 256; c += 16) {
        for (int k = 0; k < 16; k++) {
          av[k] = (uint8_t)a;
          bv[k] = (uint8_t)b;
          cv[k] = (uint8_t)(c + k);
        }
        __m128i va, vb, vc;
        memcpy(&va, av, 16);
        memcpy(&vb, bv, 16);
        memcpy(&vc, cv, 16);
        __m128i p = cpng_paeth16(va, vb, vc);
        memcpy(pv, &p, 16);
        for (int k = 0; k < 16; k++) bad += pv[k] != cpng_paeth_scalar(a, b, c + k);
      }
#endif
  return bad;
}

void cpng_filter_row(const uint32_t *pixels, size_t width, int drop_alpha,
                     const uint8_t *prev, uint8_t *cur, uint8_t *out) {
  size_t bpp = drop_alpha ? 3 : 4;
  uint8_t *c = cur + bpp;
  /* Four pixels at a time: when all four are opaque (most of any frame) they are their own
     straight colour and are copied (or packed to RGB) without a per-pixel test; otherwise each
     is un-premultiplied. The bytes are the per-pixel loop's. */
  size_t x = 0;
  if (drop_alpha) {
    for (; x + 4 <= width; x += 4) {
      uint32_t q[4];
      memcpy(q, pixels + x, 16);
      if ((q[0] & q[1] & q[2] & q[3]) >> 24 != 255) {
        for (int k = 0; k < 4; k++) q[k] = cpng_unpremultiply(q[k]);
      }
      uint64_t lo = (uint64_t)(q[0] & 0xFFFFFF) | (uint64_t)(q[1] & 0xFFFFFF) << 24 | (uint64_t)(q[2] & 0xFFFF) << 48;
      uint32_t hi = ((q[2] >> 16) & 0xFF) | (q[3] & 0xFFFFFF) << 8;
      memcpy(c + 3 * x, &lo, 8);
      memcpy(c + 3 * x + 8, &hi, 4);
    }
    for (; x < width; x++) {
      uint32_t v = cpng_unpremultiply(pixels[x]);
      c[3 * x] = (uint8_t)v;
      c[3 * x + 1] = (uint8_t)(v >> 8);
      c[3 * x + 2] = (uint8_t)(v >> 16);
    }
  } else {
    for (; x + 4 <= width; x += 4) {
      uint32_t q[4];
      memcpy(q, pixels + x, 16);
      if ((q[0] & q[1] & q[2] & q[3]) >> 24 != 255) {
        for (int k = 0; k < 4; k++) q[k] = cpng_unpremultiply(q[k]);
      }
      memcpy(c + 4 * x, q, 16);
    }
    for (; x < width; x++) {
      uint32_t v = cpng_unpremultiply(pixels[x]);
      memcpy(c + 4 * x, &v, 4);
    }
  }
  size_t n = width * bpp, i = 0;
  const uint8_t *p = prev + bpp;
  for (; i + 16 <= n; i += 16) {
    cpng_u8x16 ra, rb, rc, rx;
    memcpy(&ra, c + i - bpp, 16);
    memcpy(&rb, p + i, 16);
    memcpy(&rc, p + i - bpp, 16);
    memcpy(&rx, c + i, 16);
#if !defined(__SSE2__)
    /* Two shortcuts with Paeth's own result (for the 16-bit-lane predictor below; the SSE2
       byte-lane one is cheaper than the branches, which a mixed image mispredicts: without them
       the filter took 19% less time on a batch's images). Where the row above is flat (b == c:
       pa = 0) the prediction is the left byte; where the left byte did not change from the row
       above (a == c: pb = 0 < pa unless b == c too) it is the byte above. */
    uint64_t bl[2], cl[2], al[2];
    memcpy(bl, &rb, 16);
    memcpy(cl, &rc, 16);
    memcpy(al, &ra, 16);
    if (((bl[0] ^ cl[0]) | (bl[1] ^ cl[1])) == 0) {
      cpng_u8x16 r = rx - ra;
      memcpy(out + i, &r, 16);
      continue;
    }
    if (((al[0] ^ cl[0]) | (al[1] ^ cl[1])) == 0) {
      cpng_u8x16 r = rx - rb;
      memcpy(out + i, &r, 16);
      continue;
    }
#endif
#if defined(__SSE2__)
    {
      /* Paeth in unsigned bytes, 16 lanes (16-bit lanes took twice the instructions):
         pa = |b − c| and pb = |a − c| fit a byte; pc = |(b − c) + (a − c)| is |pa − pb| when the
         two differences have opposite signs (a zero difference counts as either: both
         formulas agree) and pa + pb when they have the same sign, where it is only ever
         compared with pa and pb, which it is at least — so adding with saturation at 255 keeps
         every comparison, and the prediction, Paeth's own. */
      __m128i va, vb, vc, vx;
      memcpy(&va, &ra, 16);
      memcpy(&vb, &rb, 16);
      memcpy(&vc, &rc, 16);
      memcpy(&vx, &rx, 16);
      __m128i pred = cpng_paeth16(va, vb, vc);
      __m128i r = _mm_sub_epi8(vx, pred);
      memcpy(out + i, &r, 16);
    }
#else
    cpng_i16x16 a = __builtin_convertvector(ra, cpng_i16x16);
    cpng_i16x16 b = __builtin_convertvector(rb, cpng_i16x16);
    cpng_i16x16 cc = __builtin_convertvector(rc, cpng_i16x16);
    cpng_i16x16 pa = CPNG_ABS16(b - cc), pb = CPNG_ABS16(a - cc), pc = CPNG_ABS16(a + b - cc - cc);
    cpng_i16x16 pred = (pa <= pb & pa <= pc) ? a : (pb <= pc ? b : cc);
    cpng_u8x16 r = rx - __builtin_convertvector(pred, cpng_u8x16);
    memcpy(out + i, &r, 16);
#endif
  }
  for (; i < n; i++) {
    int a = c[i - bpp], b = p[i], cc = p[i - bpp];
    int pa = abs(b - cc), pb = abs(a - cc), pc = abs(a + b - 2 * cc);
    int pred = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : cc);
    out[i] = (uint8_t)(c[i] - pred);
  }
}

int cpng_all_opaque(const uint32_t *pixels, size_t count) {
  /* AND of every pixel, 64 at a time (vectorised), stopping at the first block with a
     translucent pixel. */
  size_t i = 0;
  for (; i + 64 <= count; i += 64) {
    uint32_t all = 0xFFFFFFFFu;
    for (size_t k = 0; k < 64; k++) all &= pixels[i + k];
    if ((all >> 24) != 255) return 0;
  }
  for (; i < count; i++)
    if ((pixels[i] >> 24) != 255) return 0;
  return 1;
}

/* ---- The fast deflate encoder's first pass (Deflate.swift) ----
   data[start..<end] becomes symbols: a byte is a literal (0...255); a run of a byte repeated 3
   or more times after an equal byte is 256 + its length (3...258, distance 1). A run can begin
   only where a byte equals the one before it, so eight bytes are tested at once and, where none
   does, become eight literals without a branch each. Symbol counts go to four tables of 286 by
   byte position (the caller sums them): increments of a repeated byte do not wait on each other
   through memory. Returns the number of symbols. */
static inline size_t cpng_run_length(const uint8_t *p, size_t limit, uint8_t b) {
  /* The length (≤ limit) of the run of `b` starting at p[0] == b. */
  size_t run = 1;
#if defined(__SSE2__)
  __m128i pattern = _mm_set1_epi8((char)b);
  while (run + 32 <= limit) {
    __m128i x0 = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + run)), pattern);
    __m128i x1 = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + run + 16)), pattern);
    uint32_t same = (uint32_t)_mm_movemask_epi8(x0) | (uint32_t)_mm_movemask_epi8(x1) << 16;
    if (same != 0xFFFFFFFFu) return run + (size_t)__builtin_ctz(~same);
    run += 32;
  }
#endif
  uint64_t pattern8 = (uint64_t)b * 0x0101010101010101ull;
  while (run + 8 <= limit) {
    uint64_t w;
    memcpy(&w, p + run, 8);
    uint64_t diff = w ^ pattern8; /* little-endian: the first differing byte is the lowest */
    if (diff != 0) return run + (size_t)(__builtin_ctzll(diff) >> 3);
    run += 8;
  }
  while (run < limit && p[run] == b) run++;
  return run;
}

size_t cpng_deflate_symbols(const uint8_t *p, size_t start, size_t end, const uint8_t *length_symbol,
                            uint16_t *sym, uint32_t *counts) {
  const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  size_t i = start, n = 0;
  while (i < end) {
#if defined(__SSE2__)
    /* Sixteen positions at a time. A run (3 or more) starts at k exactly where byte k equals
       the one before it and so do the next two: E(k) & E(k+1) & E(k+2), with E from two
       16-byte compares. Where no position starts one, the sixteen bytes are literals; a pair of
       equal bytes (common in filtered rows) no longer leaves the fast path. */
    if (i > 0 && i + 18 <= end) {
      __m128i cur = _mm_loadu_si128((const __m128i *)(p + i));
      __m128i prv = _mm_loadu_si128((const __m128i *)(p + i - 1));
      __m128i cur2 = _mm_loadu_si128((const __m128i *)(p + i + 2));
      __m128i prv2 = _mm_loadu_si128((const __m128i *)(p + i + 1));
      uint32_t e = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(cur, prv)) |
                   (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(cur2, prv2)) << 2;
      uint32_t t = e & (e >> 1) & (e >> 2) & 0xFFFFu;
      if (t == 0) {
        __m128i zero = _mm_setzero_si128();
        _mm_storeu_si128((__m128i *)(sym + n), _mm_unpacklo_epi8(cur, zero));
        _mm_storeu_si128((__m128i *)(sym + n + 8), _mm_unpackhi_epi8(cur, zero));
        for (int lane = 0; lane < 16; lane++) counts[(lane & 3) * 286 + p[i + lane]]++;
        n += 16;
        i += 16;
        continue;
      }
      int literals = __builtin_ctz(t);
      for (int k = 0; k < literals; k++) {
        sym[n++] = p[i + k];
        counts[(k & 3) * 286 + p[i + k]]++;
      }
      i += (size_t)literals;
      /* A run starts here (its two bytes after are within the block): the step below takes it. */
    } else
#endif
    if (i > 0 && i + 8 <= end) {
      uint64_t word, before;
      memcpy(&word, p + i, 8);
      memcpy(&before, p + i - 1, 8);
      uint64_t x = word ^ before; /* a zero byte: equal to the byte before it */
      /* The lowest flagged byte is the first zero byte (flags above it may be spurious). */
      uint64_t flags = (x - ones) & ~x & highs;
      if (flags == 0) {
        for (int lane = 0; lane < 8; lane++) {
          uint32_t b = (uint32_t)(word >> (8 * lane)) & 0xFF;
          sym[n + lane] = (uint16_t)b;
          counts[(lane & 3) * 286 + b]++;
        }
        n += 8;
        i += 8;
        continue;
      }
      int literals = __builtin_ctzll(flags) >> 3;
      for (int k = 0; k < literals; k++) {
        uint32_t b = (uint32_t)(word >> (8 * k)) & 0xFF;
        sym[n++] = (uint16_t)b;
        counts[b]++;
      }
      i += (size_t)literals;
    }
    uint8_t b = p[i];
    if (i > 0 && p[i - 1] == b) {
      size_t limit = end - i < 258 ? end - i : 258;
      size_t run = cpng_run_length(p + i, limit, b);
      if (run >= 3) {
        sym[n++] = (uint16_t)(256 + run);
        counts[257 + length_symbol[run]]++;
        i += run;
        continue;
      }
    }
    sym[n++] = b;
    counts[b]++;
    i++;
  }
  return n;
}
