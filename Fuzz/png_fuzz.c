/* libFuzzer target: the PNG decode shim (Sources/CPNG), where every libpng call, the setjmp
   error path and the size check before allocation live. Reads every byte it returns, so ASan
   catches a buffer smaller than width × height × 4. The Swift side only copies that buffer into a
   Pixmap (premultiplying), which the unit tests cover. */
#include <stdint.h>
#include <stddef.h>
#include "cpng.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t *out = NULL;
    uint32_t w = 0, h = 0;
    char message[256];
    cpng_read_size(data, size, &w, &h, message, sizeof message);
    if (cpng_decode_rgba(data, size, 4000000, &out, &w, &h, message, sizeof message) == 0 && out) {
        volatile uint8_t sum = 0;
        for (size_t i = 0; i < (size_t)w * h * 4; i++) sum += out[i];
        cpng_free(out);
    }
    return 0;
}
