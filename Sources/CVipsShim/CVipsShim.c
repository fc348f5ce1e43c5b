#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "CVipsShim.h"
#include "vips_declarations.h"

// libvips is loaded on first use, not linked: it brings about a hundred shared libraries, and loading
// them was most of the start of a build that has nothing to do, while most builds process no image.
// Every libvips and GLib function the shim calls is looked up once, into a pointer of the type its
// declaration gives (vips_declarations.h, checked against libvips' headers by CVipsCheck).
#define GEN_VIPS_CALLS(X) \
    X(vips_init) \
    X(g_log_set_handler) \
    X(vips_cache_set_max) \
    X(vips_block_untrusted_set) \
    X(vips_concurrency_set) \
    X(g_object_unref) \
    X(g_free) \
    X(vips_error_clear) \
    X(vips_error_buffer_copy) \
    X(vips_foreign_find_load_buffer) \
    X(vips_image_new_from_buffer) \
    X(vips_image_new_from_file) \
    X(vips_image_get_width) \
    X(vips_image_get_height) \
    X(vips_image_get_orientation) \
    X(vips_image_get_orientation_swap) \
    X(vips_image_get_bands) \
    X(vips_image_get_typeof) \
    X(vips_image_get_fields) \
    X(g_str_has_prefix) \
    X(g_strfreev) \
    X(vips_image_get_string) \
    X(vips_thumbnail_buffer) \
    X(vips_thumbnail_image) \
    X(vips_image_copy_memory) \
    X(vips_copy) \
    X(vips_image_remove) \
    X(vips_array_double_newv) \
    X(vips_area_unref) \
    X(vips_jpegsave_buffer) \
    X(vips_webpsave_buffer) \
    X(vips_getpoint) \
    X(vips_image_new) \
    X(vips_object_local_array) \
    X(vips_perlin) \
    X(vips_xyz) \
    X(vips_extract_band) \
    X(vips_linear1) \
    X(vips_bandjoin) \
    X(vips_image_write_to_file) \
    X(vips_version_string)

#define GEN_POINTER(name) static __typeof__(name) *gen_call_##name;
GEN_VIPS_CALLS(GEN_POINTER)

static int gen_vips_loaded = 0;
static pthread_once_t gen_vips_once = PTHREAD_ONCE_INIT;

static void gen_vips_load_once(void) {
    // The soname of libvips 8.x; the development link as a fallback.
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_GLOBAL);
    if (!library) library = dlopen("libvips.so", RTLD_NOW | RTLD_GLOBAL);
    if (!library) return;
#define GEN_RESOLVE(name) \
    gen_call_##name = (__typeof__(name) *)dlsym(library, #name); \
    if (!gen_call_##name) return;
    GEN_VIPS_CALLS(GEN_RESOLVE)
    gen_vips_loaded = 1;
}

/// 1 once libvips is loaded and every function found; 0 when it cannot be.
static int gen_vips_load(void) {
    pthread_once(&gen_vips_once, gen_vips_load_once);
    return gen_vips_loaded;
}

// From here on, each libvips or GLib call goes through its pointer.
#define vips_init (*gen_call_vips_init)
#define g_log_set_handler (*gen_call_g_log_set_handler)
#define vips_cache_set_max (*gen_call_vips_cache_set_max)
#define vips_block_untrusted_set (*gen_call_vips_block_untrusted_set)
#define vips_concurrency_set (*gen_call_vips_concurrency_set)
#define g_object_unref (*gen_call_g_object_unref)
#define g_free (*gen_call_g_free)
#define vips_error_clear (*gen_call_vips_error_clear)
#define vips_error_buffer_copy (*gen_call_vips_error_buffer_copy)
#define vips_foreign_find_load_buffer (*gen_call_vips_foreign_find_load_buffer)
#define vips_image_new_from_buffer (*gen_call_vips_image_new_from_buffer)
#define vips_image_new_from_file (*gen_call_vips_image_new_from_file)
#define vips_image_get_width (*gen_call_vips_image_get_width)
#define vips_image_get_height (*gen_call_vips_image_get_height)
#define vips_image_get_orientation (*gen_call_vips_image_get_orientation)
#define vips_image_get_orientation_swap (*gen_call_vips_image_get_orientation_swap)
#define vips_image_get_bands (*gen_call_vips_image_get_bands)
#define vips_image_get_typeof (*gen_call_vips_image_get_typeof)
#define vips_image_get_fields (*gen_call_vips_image_get_fields)
#define g_str_has_prefix (*gen_call_g_str_has_prefix)
#define g_strfreev (*gen_call_g_strfreev)
#define vips_image_get_string (*gen_call_vips_image_get_string)
#define vips_thumbnail_buffer (*gen_call_vips_thumbnail_buffer)
#define vips_thumbnail_image (*gen_call_vips_thumbnail_image)
#define vips_image_copy_memory (*gen_call_vips_image_copy_memory)
#define vips_copy (*gen_call_vips_copy)
#define vips_image_remove (*gen_call_vips_image_remove)
#define vips_array_double_newv (*gen_call_vips_array_double_newv)
#define vips_area_unref (*gen_call_vips_area_unref)
#define vips_jpegsave_buffer (*gen_call_vips_jpegsave_buffer)
#define vips_webpsave_buffer (*gen_call_vips_webpsave_buffer)
#define vips_getpoint (*gen_call_vips_getpoint)
#define vips_image_new (*gen_call_vips_image_new)
#define vips_object_local_array (*gen_call_vips_object_local_array)
#define vips_perlin (*gen_call_vips_perlin)
#define vips_xyz (*gen_call_vips_xyz)
#define vips_extract_band (*gen_call_vips_extract_band)
#define vips_linear1 (*gen_call_vips_linear1)
#define vips_bandjoin (*gen_call_vips_bandjoin)
#define vips_image_write_to_file (*gen_call_vips_image_write_to_file)
#define vips_version_string (*gen_call_vips_version_string)

static void gen_vips_drop_warning(const char *domain, int level, const char *message, void *data) {
    (void)domain; (void)level; (void)message; (void)data;
}

int gen_vips_start(const char *program_name, int concurrency) {
    if (!gen_vips_load() || vips_init(program_name) != 0) return -1;
    // A broken image makes libvips print "VIPS-WARNING: error in tile …" lines to stderr
    // from its worker threads; gen reports each failed image itself, once, in its own words.
    g_log_set_handler("VIPS", GEN_G_LOG_LEVEL_WARNING, gen_vips_drop_warning, NULL);
    // The operation cache keeps recent results (and the images they hold) for
    // reuse; gen never repeats an operation, so it would only grow memory.
    vips_cache_set_max(0);
    // Loaders libvips marks untrusted (ImageMagick, Matlab, …) are not fuzzed for hostile input.
    vips_block_untrusted_set(GEN_TRUE);
    if (concurrency > 0) vips_concurrency_set(concurrency);
    return 0;
}

void gen_vips_unref(VipsImage *image) {
    if (image) g_object_unref(image);
}

void gen_vips_free(void *memory) { g_free(memory); }

void gen_vips_error_clear(void) { vips_error_clear(); }

char *gen_vips_error_take(void) { return vips_error_buffer_copy(); }

const char *gen_vips_loader_for_buffer(const void *data, size_t length) {
    return vips_foreign_find_load_buffer(data, length);
}

VipsImage *gen_vips_open_buffer(const void *data, size_t length) {
    return vips_image_new_from_buffer(data, length, "", "fail_on", GEN_VIPS_FAIL_ON_ERROR, NULL);
}

VipsImage *gen_vips_open_file(const char *path) {
    return vips_image_new_from_file(path, "fail_on", GEN_VIPS_FAIL_ON_ERROR, NULL);
}

int gen_vips_width(VipsImage *image) { return vips_image_get_width(image); }
int gen_vips_height(VipsImage *image) { return vips_image_get_height(image); }
int gen_vips_orientation(VipsImage *image) { return vips_image_get_orientation(image); }
int gen_vips_orientation_swaps(VipsImage *image) { return vips_image_get_orientation_swap(image) ? 1 : 0; }
int gen_vips_bands(VipsImage *image) { return vips_image_get_bands(image); }

int gen_vips_has_field(VipsImage *image, const char *name) {
    return vips_image_get_typeof(image, name) != 0 ? 1 : 0;
}

int gen_vips_has_field_prefix(VipsImage *image, const char *prefix) {
    char **fields = vips_image_get_fields(image);
    int found = 0;
    for (int i = 0; fields[i] && !found; i++) {
        if (g_str_has_prefix(fields[i], prefix)) found = 1;
    }
    g_strfreev(fields);
    return found;
}

const char *gen_vips_loader(VipsImage *image) {
    const char *loader = NULL;
    if (vips_image_get_typeof(image, GEN_VIPS_META_LOADER) == 0) return NULL;
    if (vips_image_get_string(image, GEN_VIPS_META_LOADER, &loader) != 0) return NULL;
    return loader;
}

int gen_vips_thumbnail_buffer(const void *data, size_t length, int width, int height,
                              int crop_centre, int down_only, int to_srgb, VipsImage **out) {
    int crop = crop_centre ? GEN_VIPS_INTERESTING_CENTRE : GEN_VIPS_INTERESTING_NONE;
    int size = down_only ? GEN_VIPS_SIZE_DOWN : GEN_VIPS_SIZE_BOTH;
    // libvips 8.14 ignores the "fail_on" argument of thumbnail_buffer (libvips issue
    // #5195) and would grey-fill a truncated JPEG; the loader option string works.
    const char *load_options = "fail_on=error";
    // The buffer is wrapped, not copied (the parameter is not const only by API accident).
    if (!to_srgb) {
        return vips_thumbnail_buffer((void *)data, length, out, width,
            "height", height, "crop", crop, "size", size, "option_string", load_options, NULL);
    }
    // Saved files drop the ICC profile, so a tagged source (Display P3 from phones) is
    // converted to sRGB first. Only tagged sources: with an export profile, libvips also
    // transforms untagged sources, shifting their colours unless an import profile is given.
    return vips_thumbnail_buffer((void *)data, length, out, width,
        "height", height, "crop", crop, "size", size, "option_string", load_options,
        "import_profile", "srgb", "export_profile", "srgb", NULL);
}

int gen_vips_thumbnail_image(VipsImage *in, int width, int height,
                             int crop_centre, int down_only, VipsImage **out) {
    return vips_thumbnail_image(in, out, width,
        "height", height,
        "crop", crop_centre ? GEN_VIPS_INTERESTING_CENTRE : GEN_VIPS_INTERESTING_NONE,
        "size", down_only ? GEN_VIPS_SIZE_DOWN : GEN_VIPS_SIZE_BOTH,
        NULL);
}

VipsImage *gen_vips_copy_memory(VipsImage *image) {
    return vips_image_copy_memory(image);
}

/// A new reference to the same pixels with every metadata field removed (EXIF with its GPS
/// tags, XMP, IPTC, ICC, orientation …); the basic header (size, bands, format) stays.
/// libvips 8.14 webpsave ignores "strip" and writes the source's EXIF block (GPS included),
/// so the savers are given an image that has nothing left to write.
static VipsImage *gen_vips_bare_copy(VipsImage *in) {
    VipsImage *out = NULL;
    if (vips_copy(in, &out, NULL) != 0) return NULL;
    char **fields = vips_image_get_fields(out);
    for (int i = 0; fields[i]; i++) {
        vips_image_remove(out, fields[i]);  // FALSE for the built-in header fields, which stay
    }
    g_strfreev(fields);
    return out;
}

int gen_vips_save_jpeg(VipsImage *in, int quality, void **data, size_t *length) {
    VipsImage *bare = gen_vips_bare_copy(in);
    if (!bare) return -1;
    VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
    int result = vips_jpegsave_buffer(bare, data, length,
        "Q", quality,
        "strip", GEN_TRUE,
        "optimize_coding", GEN_TRUE,
        "background", white,
        NULL);
    vips_area_unref((VipsArea *)white);
    g_object_unref(bare);
    return result;
}

static uint32_t gen_le32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/// Removes the EXIF, XMP and ICCP chunks of a WebP file in place, clears their VP8X flags and
/// fixes the RIFF size. libvips 8.14 webpsave ignores "strip" and always writes an EXIF chunk
/// (built from the image's fields: with the fields removed it is a default block, but still one).
static void gen_webp_drop_metadata(unsigned char *p, size_t *length) {
    size_t n = *length;
    if (n < 12 || memcmp(p, "RIFF", 4) != 0 || memcmp(p + 8, "WEBP", 4) != 0) return;
    size_t in = 12, out = 12;
    while (in + 8 <= n) {
        uint32_t size = gen_le32(p + in + 4);
        size_t chunk = 8 + (size_t)size + (size & 1);  // chunks are padded to even sizes
        if (chunk > n - in) return;                     // malformed: leave the file alone
        int metadata = !memcmp(p + in, "EXIF", 4) || !memcmp(p + in, "XMP ", 4) || !memcmp(p + in, "ICCP", 4);
        if (!metadata) {
            if (out != in) memmove(p + out, p + in, chunk);
            out += chunk;
        }
        in += chunk;
    }
    if (in != n) return;
    if (out >= 12 + 18 && memcmp(p + 12, "VP8X", 4) == 0) {
        p[20] &= (unsigned char)~(0x20 | 0x08 | 0x04);  // ICC, EXIF, XMP present
    }
    uint32_t riff = (uint32_t)(out - 8);
    p[4] = riff & 0xff; p[5] = (riff >> 8) & 0xff; p[6] = (riff >> 16) & 0xff; p[7] = (riff >> 24) & 0xff;
    *length = out;
}

int gen_vips_save_webp(VipsImage *in, int quality, void **data, size_t *length) {
    VipsImage *bare = gen_vips_bare_copy(in);
    if (!bare) return -1;
    int result = vips_webpsave_buffer(bare, data, length,
        "Q", quality,
        "strip", GEN_TRUE,
        NULL);
    g_object_unref(bare);
    if (result == 0) gen_webp_drop_metadata(*data, length);
    return result;
}

int gen_vips_pixel(VipsImage *image, int x, int y, double *values, int capacity) {
    double *vector = NULL;
    int n = 0;
    if (vips_getpoint(image, &vector, &n, x, y, NULL) != 0) return -1;
    for (int i = 0; i < n && i < capacity; i++) values[i] = vector[i];
    g_free(vector);
    return n;
}

int gen_vips_write_sample(const char *path, int width, int height, int seed) {
    VipsImage *base = vips_image_new();
    VipsImage **t = (VipsImage **)vips_object_local_array((VipsObject *)base, 8);
    int cell = width / 6 > 8 ? width / 6 : 8;
    int result = -1;
    // Red: smooth noise; green and blue: horizontal and vertical gradients, so
    // crops and rotations are visible in the pixels.
    if (vips_perlin(&t[0], width, height, "cell_size", cell, "uchar", GEN_TRUE, "seed", seed, NULL) == 0 &&
        vips_xyz(&t[1], width, height, NULL) == 0 &&
        vips_extract_band(t[1], &t[2], 0, NULL) == 0 &&
        vips_linear1(t[2], &t[3], 255.0 / width, 0, "uchar", GEN_TRUE, NULL) == 0 &&
        vips_extract_band(t[1], &t[4], 1, NULL) == 0 &&
        vips_linear1(t[4], &t[5], 255.0 / height, 0, "uchar", GEN_TRUE, NULL) == 0) {
        VipsImage *bands[3] = { t[0], t[3], t[5] };
        if (vips_bandjoin(bands, &t[6], 3, NULL) == 0 &&
            vips_copy(t[6], &t[7], "interpretation", GEN_VIPS_INTERPRETATION_sRGB, NULL) == 0) {
            result = vips_image_write_to_file(t[7], path, NULL);
        }
    }
    g_object_unref(base);
    return result;
}

const char *gen_vips_version(void) { return gen_vips_load() ? vips_version_string() : "unavailable"; }
