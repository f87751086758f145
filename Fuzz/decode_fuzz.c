/* libFuzzer target: an image decode shim, the PNG one (Sources/CPNG) or, built with -DFUZZ_JPEG,
   the JPEG one (Sources/CJPEG): where every libpng/libjpeg call, the setjmp error path and the size
   check before allocation live. Reads every byte it returns, so ASan catches a buffer smaller than
   width × height × 4. The Swift side only copies that buffer into a Pixmap (premultiplying), which
   the unit tests cover. */
#include <stdint.h>
#include <stddef.h>
#ifdef FUZZ_JPEG
#include "cjpeg.h"
#define read_size cjpeg_read_size
#define decode_rgba cjpeg_decode_rgba
#define release cjpeg_free
#else
#include "cpng.h"
#define read_size cpng_read_size
#define decode_rgba cpng_decode_rgba
#define release cpng_free
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t *out = NULL;
    uint32_t w = 0, h = 0;
    char message[256];
    read_size(data, size, &w, &h, message, sizeof message);
    if (decode_rgba(data, size, 4000000, &out, &w, &h, message, sizeof message) == 0 && out) {
        volatile uint8_t sum = 0;
        for (size_t i = 0; i < (size_t)w * h * 4; i++) sum += out[i];
        release(out);
    }
    return 0;
}
