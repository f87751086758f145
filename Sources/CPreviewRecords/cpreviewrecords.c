#include "cpreviewrecords.h"

extern const char __start_widgetctl_previews[] __attribute__((weak));
extern const char __stop_widgetctl_previews[] __attribute__((weak));

const void *widgetctl_preview_records_start(void) { return __start_widgetctl_previews; }
const void *widgetctl_preview_records_stop(void) { return __stop_widgetctl_previews; }
