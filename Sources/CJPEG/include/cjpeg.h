/* The only libjpeg API Swift sees. Every function returns 0 on success; on failure it returns
   non-zero and writes a NUL-terminated message into `error`. libjpeg's default error handler
   calls exit(); ours longjmps back into the C function that called libjpeg, so a bad file can
   never end the process and no longjmp crosses a Swift frame. Release `out` with cjpeg_free. */
#ifndef CJPEG_H
#define CJPEG_H
#include <stddef.h>
#include <stdint.h>

/* Reads the header only. */
int cjpeg_read_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                    char *error, size_t error_capacity);

/* Decodes to 8-bit RGBA (alpha 255), refusing more than `max_pixels` before allocating. */
int cjpeg_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels,
                      uint8_t **out, uint32_t *width, uint32_t *height,
                      char *error, size_t error_capacity);

/* Encodes RGBA rows (alpha ignored: flatten first) at `quality` 1...100. `subsampling444`
   keeps full-resolution chroma (sharper coloured text), otherwise 4:2:0. */
int cjpeg_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                      int quality, int subsampling444,
                      uint8_t **out, size_t *out_size, char *error, size_t error_capacity);

void cjpeg_free(void *pointer);
#endif
