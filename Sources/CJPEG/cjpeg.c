/* libjpeg(-turbo) behind a C wall with a setjmp/longjmp error manager. JDCT_ISLOW everywhere:
   it is exact integer arithmetic, so SIMD and plain builds give the same bytes. */
#include "cjpeg.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
  struct jpeg_error_mgr base; /* must come first: libjpeg casts to it */
  jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
} error_manager;

static void on_error_exit(j_common_ptr info) {
  error_manager *manager = (error_manager *)info->err;
  (*info->err->format_message)(info, manager->message);
  longjmp(manager->jump, 1);
}

static void on_output_message(j_common_ptr info) { (void)info; }

/* A progressive JPEG can hold thousands of scans, each a full pass over the coefficients (20,000
   scans took 45 s). Real encoders write about ten; more than CJPEG_MAX_SCANS is refused, as
   libjpeg-turbo's own djpeg -maxscans does. */
#define CJPEG_MAX_SCANS 1000

static void on_progress(j_common_ptr info) {
  if (info->is_decompressor) {
    j_decompress_ptr d = (j_decompress_ptr)info;
    if (d->input_scan_number > CJPEG_MAX_SCANS) {
      error_manager *manager = (error_manager *)info->err;
      snprintf(manager->message, sizeof manager->message, "more than %d progressive scans", CJPEG_MAX_SCANS);
      longjmp(manager->jump, 1);
    }
  }
}

static void install(error_manager *manager, j_common_ptr info) {
  info->err = jpeg_std_error(&manager->base);
  manager->base.error_exit = on_error_exit;
  manager->base.output_message = on_output_message;
  manager->message[0] = 0;
}

static void copy_message(char *error, size_t cap, const char *message) {
  if (cap == 0) return;
  strncpy(error, message, cap - 1);
  error[cap - 1] = 0;
}

static int check_signature(const uint8_t *data, size_t size, char *error, size_t cap) {
  if (size < 3 || data[0] != 0xFF || data[1] != 0xD8 || data[2] != 0xFF) {
    if (size >= 2)
      snprintf(error, cap, "not a JPEG file (starts with 0x%02X 0x%02X)", data[0], data[1]);
    else
      copy_message(error, cap, "not a JPEG file (too short)");
    return 1;
  }
  return 0;
}

int cjpeg_read_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                    char *error, size_t cap) {
  if (check_signature(data, size, error, cap)) return 1;
  struct jpeg_decompress_struct info;
  error_manager manager;
  install(&manager, (j_common_ptr)&info);
  if (setjmp(manager.jump)) {
    copy_message(error, cap, manager.message);
    jpeg_destroy_decompress(&info);
    return 1;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, (unsigned long)size);
  jpeg_read_header(&info, TRUE);
  *width = info.image_width;
  *height = info.image_height;
  jpeg_destroy_decompress(&info);
  return 0;
}

int cjpeg_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **out,
                      uint32_t *width, uint32_t *height, char *error, size_t cap) {
  *out = NULL;
  if (check_signature(data, size, error, cap)) return 1;
  struct jpeg_decompress_struct info;
  error_manager manager;
  uint8_t *volatile pixels = NULL;
  install(&manager, (j_common_ptr)&info);
  if (setjmp(manager.jump)) {
    copy_message(error, cap, manager.message);
    jpeg_destroy_decompress(&info);
    free(pixels);
    return 1;
  }
  jpeg_create_decompress(&info);
  struct jpeg_progress_mgr progress;
  memset(&progress, 0, sizeof progress);
  progress.progress_monitor = on_progress;
  info.progress = &progress;
  jpeg_mem_src(&info, data, (unsigned long)size);
  jpeg_read_header(&info, TRUE);
  if (info.image_width == 0 || info.image_height == 0 ||
      (uint64_t)info.image_width * info.image_height > max_pixels) {
    snprintf(error, cap, "image is %ux%u pixels, over the limit of %llu pixels",
             info.image_width, info.image_height, (unsigned long long)max_pixels);
    jpeg_destroy_decompress(&info);
    return 2;
  }
  info.out_color_space = JCS_EXT_RGBA;
  info.dct_method = JDCT_ISLOW;
  jpeg_start_decompress(&info);
  size_t stride = (size_t)info.output_width * 4;
  pixels = malloc(stride * info.output_height);
  if (!pixels) {
    copy_message(error, cap, "out of memory");
    jpeg_destroy_decompress(&info);
    return 1;
  }
  while (info.output_scanline < info.output_height) {
    JSAMPROW row = pixels + stride * info.output_scanline;
    jpeg_read_scanlines(&info, &row, 1);
  }
  if (manager.base.num_warnings > 0) {
    /* Truncated or corrupt entropy data: refuse rather than return a grey-filled picture. */
    (*info.err->format_message)((j_common_ptr)&info, manager.message);
    snprintf(error, cap, "corrupt JPEG data: %s", manager.message);
    jpeg_destroy_decompress(&info);
    free(pixels);
    return 1;
  }
  jpeg_finish_decompress(&info);
  *width = info.output_width;
  *height = info.output_height;
  *out = pixels;
  jpeg_destroy_decompress(&info);
  return 0;
}

int cjpeg_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                      int quality, int subsampling444,
                      uint8_t **out, size_t *out_size, char *error, size_t cap) {
  *out = NULL;
  *out_size = 0;
  struct jpeg_compress_struct info;
  error_manager manager;
  /* libjpeg grows `target` itself; its address escapes, so it is read from memory after a
     longjmp and can be freed in the error branch. */
  unsigned char *target = NULL;
  unsigned long buffer_size = 0;
  install(&manager, (j_common_ptr)&info);
  if (setjmp(manager.jump)) {
    copy_message(error, cap, manager.message);
    jpeg_destroy_compress(&info);
    free(target);
    return 1;
  }
  jpeg_create_compress(&info);
  jpeg_mem_dest(&info, &target, &buffer_size);
  info.image_width = width;
  info.image_height = height;
  info.input_components = 4;
  info.in_color_space = JCS_EXT_RGBX;
  jpeg_set_defaults(&info);
  info.dct_method = JDCT_ISLOW;
  jpeg_set_quality(&info, quality, TRUE);
  if (subsampling444) {
    for (int i = 0; i < info.num_components; i++) {
      info.comp_info[i].h_samp_factor = 1;
      info.comp_info[i].v_samp_factor = 1;
    }
  }
  jpeg_start_compress(&info, TRUE);
  while (info.next_scanline < info.image_height) {
    JSAMPROW row = (JSAMPROW)(rgba + stride * info.next_scanline);
    jpeg_write_scanlines(&info, &row, 1);
  }
  jpeg_finish_compress(&info);
  *out = target;
  *out_size = buffer_size;
  jpeg_destroy_compress(&info);
  return 0;
}

void cjpeg_free(void *pointer) { free(pointer); }
