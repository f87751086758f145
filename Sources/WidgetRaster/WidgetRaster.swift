// WidgetRaster: one variant of a widget, drawn. The compositor core (every rendering mode, the
// Liquid Glass that replaces the container background, the wallpapers it samples) and the
// renderers that take a resolved widget or a spec variant to pixels.
//
// `import WidgetRaster` also brings the stages below it, so a user of the raster API needs one
// import: RasterCore (pixmaps, paths, coverage, paint, blending, filters, codecs) and
// WidgetLayout (text, layout, display lists).
@_exported import RasterCore
@_exported import WidgetLayout
