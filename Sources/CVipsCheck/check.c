// Built with the tests only: the shim's own declarations of libvips and GLib (vips_declarations.h) after
// the real headers. C rejects a function declared again with another type, and the asserts below reject a
// constant that differs, so the shim cannot drift from the libvips it loads.
#include <vips/vips.h>

#include "../CVipsShim/vips_declarations.h"
#include "CVipsCheck.h"

_Static_assert(GEN_VIPS_FAIL_ON_ERROR == VIPS_FAIL_ON_ERROR, "VIPS_FAIL_ON_ERROR");
_Static_assert(GEN_VIPS_INTERESTING_NONE == VIPS_INTERESTING_NONE, "VIPS_INTERESTING_NONE");
_Static_assert(GEN_VIPS_INTERESTING_CENTRE == VIPS_INTERESTING_CENTRE, "VIPS_INTERESTING_CENTRE");
_Static_assert(GEN_VIPS_SIZE_BOTH == VIPS_SIZE_BOTH, "VIPS_SIZE_BOTH");
_Static_assert(GEN_VIPS_SIZE_DOWN == VIPS_SIZE_DOWN, "VIPS_SIZE_DOWN");
_Static_assert(GEN_VIPS_INTERPRETATION_sRGB == VIPS_INTERPRETATION_sRGB, "VIPS_INTERPRETATION_sRGB");
_Static_assert(GEN_G_LOG_LEVEL_WARNING == G_LOG_LEVEL_WARNING, "G_LOG_LEVEL_WARNING");
_Static_assert(GEN_TRUE == TRUE, "TRUE");
_Static_assert(sizeof(GType) == sizeof(unsigned long), "GType");
_Static_assert(sizeof(gboolean) == sizeof(int), "gboolean");
_Static_assert(sizeof(GLogLevelFlags) == sizeof(int), "GLogLevelFlags");

int gen_vips_declarations_checked(void) {
    return __builtin_strcmp(GEN_VIPS_META_LOADER, VIPS_META_LOADER) == 0;
}
