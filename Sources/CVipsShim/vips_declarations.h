// The libvips and GLib functions the shim calls, declared as their headers declare them, with the few
// constants it passes. The shim does not include <vips/vips.h>: through that header's target, pkg-config's
// flags would link libvips into gen, and loading it and its hundred dependencies would slow every start.
// The shim loads it when an image is first processed instead (CVipsShim.c). The CVipsCheck target, built
// with the tests, includes this file after the real headers: a declaration or constant that differs from
// libvips' own fails that build.
#ifndef GEN_VIPS_DECLARATIONS_H
#define GEN_VIPS_DECLARATIONS_H

#include <stddef.h>

typedef struct _VipsImage VipsImage;
typedef struct _VipsObject VipsObject;
typedef struct _VipsArea VipsArea;
typedef struct _VipsArrayDouble VipsArrayDouble;

// libvips
int vips_init(const char *argv0);
void vips_cache_set_max(int max);
void vips_block_untrusted_set(int state);
void vips_concurrency_set(int concurrency);
void vips_error_clear(void);
char *vips_error_buffer_copy(void);
const char *vips_foreign_find_load_buffer(const void *data, size_t size);
VipsImage *vips_image_new_from_buffer(const void *buf, size_t len, const char *option_string, ...);
VipsImage *vips_image_new_from_file(const char *name, ...);
int vips_image_get_width(const VipsImage *image);
int vips_image_get_height(const VipsImage *image);
int vips_image_get_orientation(VipsImage *image);
int vips_image_get_orientation_swap(VipsImage *image);
int vips_image_get_bands(const VipsImage *image);
unsigned long vips_image_get_typeof(const VipsImage *image, const char *name);
char **vips_image_get_fields(VipsImage *image);
int vips_image_get_string(const VipsImage *image, const char *name, const char **out);
int vips_thumbnail_buffer(void *buf, size_t len, VipsImage **out, int width, ...);
int vips_thumbnail_image(VipsImage *in, VipsImage **out, int width, ...);
VipsImage *vips_image_copy_memory(VipsImage *image);
int vips_copy(VipsImage *in, VipsImage **out, ...);
int vips_image_remove(VipsImage *image, const char *name);
VipsArrayDouble *vips_array_double_newv(int n, ...);
void vips_area_unref(VipsArea *area);
int vips_jpegsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_webpsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_getpoint(VipsImage *in, double **vector, int *n, int x, int y, ...);
VipsImage *vips_image_new(void);
VipsObject **vips_object_local_array(VipsObject *parent, int n);
int vips_perlin(VipsImage **out, int width, int height, ...);
int vips_xyz(VipsImage **out, int width, int height, ...);
int vips_extract_band(VipsImage *in, VipsImage **out, int band, ...);
int vips_linear1(VipsImage *in, VipsImage **out, double a, double b, ...);
int vips_bandjoin(VipsImage **in, VipsImage **out, int n, ...);
int vips_image_write_to_file(VipsImage *image, const char *name, ...);
const char *vips_version_string(void);

// GLib (libvips' dependencies, found through it)
typedef void (*GenLogFunction)(const char *domain, int level, const char *message, void *data);
unsigned int g_log_set_handler(const char *log_domain, int log_levels, GenLogFunction log_func, void *user_data);
void g_object_unref(void *object);
void g_free(void *mem);
int g_str_has_prefix(const char *str, const char *prefix);
void g_strfreev(char **str_array);

// Constants, as the headers' enums give them.
#define GEN_VIPS_FAIL_ON_ERROR 2
#define GEN_VIPS_INTERESTING_NONE 0
#define GEN_VIPS_INTERESTING_CENTRE 1
#define GEN_VIPS_SIZE_BOTH 0
#define GEN_VIPS_SIZE_DOWN 2
#define GEN_VIPS_INTERPRETATION_sRGB 22
#define GEN_G_LOG_LEVEL_WARNING (1 << 4)
#define GEN_VIPS_META_LOADER "vips-loader"
#define GEN_TRUE 1

#endif
