/* The only libpng API Swift sees. Every function returns 0 on success; on failure it
   returns non-zero and writes a NUL-terminated message into `error`. No function ever
   aborts the process or lets a longjmp cross into Swift. Buffers returned through `out`
   are allocated with malloc; release them with cpng_free. */
#ifndef CPNG_H
#define CPNG_H
#include <stddef.h>
#include <stdint.h>

/* Reads only the header: width and height, without decoding any pixel. */
int cpng_read_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                   char *error, size_t error_capacity);

/* Decodes any PNG to straight (non-premultiplied) 8-bit RGBA, refusing images with
   more than `max_pixels` pixels before allocating them. */
int cpng_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels,
                     uint8_t **out, uint32_t *width, uint32_t *height,
                     char *error, size_t error_capacity);

/* Encodes straight 8-bit RGBA rows (`stride` bytes apart). `level` is the zlib level 0...9,
   `filters` a mask of PNG_FILTER_* values (0 = libpng's default choice), `strategy` a zlib
   strategy (Z_DEFAULT_STRATEGY = 0, Z_FILTERED = 1, Z_RLE = 3). When `opaque` is non-zero the
   alpha channel is dropped and an RGB PNG is written. */
int cpng_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                     int level, int filters, int strategy, int opaque,
                     uint8_t **out, size_t *out_size, char *error, size_t error_capacity);

void cpng_free(void *pointer);

/* PNG_FILTER_* values, re-exported because Swift cannot import the macros. */
enum {
  CPNG_FILTER_NONE = 0x08, CPNG_FILTER_SUB = 0x10, CPNG_FILTER_UP = 0x20,
  CPNG_FILTER_AVG = 0x40, CPNG_FILTER_PAETH = 0x80
};
/* zlib's checksums, for PNG writers that assemble chunks themselves. */
uint32_t cpng_adler32(uint32_t adler, const uint8_t *data, size_t size);
/* zlib's own Adler-32, for tests of the one above. */
uint32_t cpng_adler32_zlib(uint32_t adler, const uint8_t *data, size_t size);
/* The Adler-32 of two pieces one after the other, from each piece's own (zlib's combine). */
uint32_t cpng_adler32_combine(uint32_t first, uint32_t second, size_t second_size);
uint32_t cpng_crc32(uint32_t crc, const uint8_t *data, size_t size);
/* The fast encoder's row step: un-premultiplies `width` pixels (0xAABBGGRR) into `cur + bpp`
   (bpp = 3 with drop_alpha, else 4) and writes their Paeth filter against `prev + bpp` to `out`
   (width * bpp bytes). `cur` and `prev` start with bpp zero bytes. */
void cpng_filter_row(const uint32_t *pixels, size_t width, int drop_alpha,
                     const uint8_t *prev, uint8_t *cur, uint8_t *out);
/* The fast deflate encoder's first pass over data[start..<end] (start is 0 or data[start - 1] is
   readable): literals and distance-1 runs as symbols (a byte, or 256 + run length 3...258) into
   `sym` (room for end - start), counted into `counts` (4 × 286 zeroed tables, summed by the
   caller); `length_symbol` maps a run length to its length code index 0...28. Returns the
   number of symbols. */
size_t cpng_deflate_symbols(const uint8_t *data, size_t start, size_t end, const uint8_t *length_symbol,
                            uint16_t *sym, uint32_t *counts);
/* Paeth predictions of the vector filter that differ from the definition, over every (a, b, c)
   (0 where the filter is not vectorised). For tests. */
long cpng_paeth_mismatches(void);
/* 1 when every pixel (0xAABBGGRR) has alpha 255, else 0. */
int cpng_all_opaque(const uint32_t *pixels, size_t count);
#endif
