// The bounds of the `widgetctl_previews` section, where every `#Preview` of a program leaves one
// record (see Sources/WidgetPreviewMacros). The linker defines __start_/__stop_ symbols for a section
// whose name is a C identifier; both are null when the program declares no preview.
#ifndef CPREVIEWRECORDS_H
#define CPREVIEWRECORDS_H
const void *widgetctl_preview_records_start(void);
const void *widgetctl_preview_records_stop(void);
#endif
