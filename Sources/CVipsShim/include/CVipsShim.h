// Fixed-argument wrappers around the libvips calls gen needs. Most of the libvips
// API takes optional arguments as a NULL-terminated variadic list, which Swift
// cannot call; each wrapper here fixes the options gen uses.
//
// Images are opaque to Swift (no glib headers are imported into Swift code).
// Every `VipsImage *` returned here is owned by the caller: release it with
// `gen_vips_unref`. Functions returning int give 0 on success and -1 on error,
// with the reason in the libvips error buffer (`gen_vips_error_take`).
#ifndef GEN_CVIPSSHIM_H
#define GEN_CVIPSSHIM_H

#include <stddef.h>

typedef struct _VipsImage VipsImage;

/// Starts libvips once for the process: operation cache off (memory stays flat
/// across thousands of images), untrusted loaders blocked, libvips' own warnings on
/// stderr silenced (gen reports failed images itself). `concurrency` is the worker-thread
/// count per pipeline (0 leaves the libvips default). Returns 0 on success.
int gen_vips_start(const char *program_name, int concurrency);

/// "8.14.1": part of the cache key, since another libvips may encode other bytes.
const char *gen_vips_version(void);

void gen_vips_unref(VipsImage *image);
void gen_vips_free(void *memory);

/// The libvips error buffer is one buffer for the whole process, not per thread.
void gen_vips_error_clear(void);
/// A copy of the error buffer (release with `gen_vips_free`), which is then cleared.
char *gen_vips_error_take(void);

/// Nickname of the loader that recognises these bytes ("jpegload_buffer"), or NULL.
/// When nothing matches, libvips also appends "not in a known format" to the error buffer.
const char *gen_vips_loader_for_buffer(const void *data, size_t length);

/// Opens an image from memory, reading the header only (pixels are decoded on demand).
/// Decoding stops on errors and truncation. The bytes must outlive the image. NULL on error.
VipsImage *gen_vips_open_buffer(const void *data, size_t length);
/// The same for a file path.
VipsImage *gen_vips_open_file(const char *path);

int gen_vips_width(VipsImage *image);
int gen_vips_height(VipsImage *image);
/// EXIF orientation (1–8; 1 when absent).
int gen_vips_orientation(VipsImage *image);
/// 1 when the orientation swaps width and height (5–8).
int gen_vips_orientation_swaps(VipsImage *image);
int gen_vips_bands(VipsImage *image);
/// 1 when the image has a metadata field with this exact name.
int gen_vips_has_field(VipsImage *image, const char *name);
/// 1 when any metadata field name starts with this prefix.
int gen_vips_has_field_prefix(VipsImage *image, const char *prefix);
/// The "vips-loader" field ("jpegload_buffer"), owned by the image; NULL when absent.
const char *gen_vips_loader(VipsImage *image);

/// vips_thumbnail_buffer: decodes with shrink-on-load, applies EXIF orientation.
/// `crop_centre` 1: scale to fill width×height, then crop the centre; 0: fit inside.
/// `down_only` 1: never enlarge (VIPS_SIZE_DOWN). Stops on decode errors and truncation.
/// `to_srgb` 1: colour-manage to sRGB (for sources with an embedded ICC profile).
/// Lazy: errors in the pixel data surface when the result is computed (copy or save).
int gen_vips_thumbnail_buffer(const void *data, size_t length, int width, int height,
                              int crop_centre, int down_only, int to_srgb, VipsImage **out);
/// vips_thumbnail_image: the same from an image already decoded (no shrink-on-load).
int gen_vips_thumbnail_image(VipsImage *in, int width, int height,
                             int crop_centre, int down_only, VipsImage **out);

/// Computes every pixel into memory; NULL on error (this is where decode errors surface).
VipsImage *gen_vips_copy_memory(VipsImage *image);

/// JPEG with quality 1–100, every metadata field removed first (EXIF, GPS, XMP, ICC), Huffman
/// tables optimised; alpha is flattened onto white. Release `*data` with `gen_vips_free`.
int gen_vips_save_jpeg(VipsImage *in, int quality, void **data, size_t *length);
/// WebP with quality 1–100, every metadata field removed first (libvips 8.14 webpsave
/// ignores "strip"). Release `*data` with `gen_vips_free`.
int gen_vips_save_webp(VipsImage *in, int quality, void **data, size_t *length);

/// Band values of one pixel into `values` (at most `capacity`); the band count, or -1.
int gen_vips_pixel(VipsImage *image, int x, int y, double *values, int capacity);

/// Writes a deterministic photo-like sRGB test image (Perlin noise + gradient),
/// format from the file suffix (.jpg, .png, .webp …). For tests and benchmarks.
int gen_vips_write_sample(const char *path, int width, int height, int seed);

#endif
