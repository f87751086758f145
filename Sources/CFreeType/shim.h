#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H

/* Values Swift cannot import from macros. */
static const int CFT_LOAD_NO_SCALE = FT_LOAD_NO_SCALE;
static const int CFT_LOAD_NO_HINTING = FT_LOAD_NO_HINTING;
static const int CFT_LOAD_NO_BITMAP = FT_LOAD_NO_BITMAP;
static const unsigned long CFT_SFNT_OS2 = FT_SFNT_OS2;
