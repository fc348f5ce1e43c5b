#ifndef GEN_CVIPSCHECK_H
#define GEN_CVIPSCHECK_H
/// 1 when the shim's declarations agree with libvips' headers (they do, or this target would not build).
int gen_vips_declarations_checked(void);
#endif
