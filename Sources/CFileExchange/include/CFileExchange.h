#ifndef CFILEEXCHANGE_H
#define CFILEEXCHANGE_H

/// Atomically exchanges the two paths (both must exist): Linux's renameat2 with RENAME_EXCHANGE.
/// Returns 0, or -1 with errno set (ENOSYS or EINVAL where the system or file system cannot).
int gen_exchange_paths(const char *a, const char *b);

#endif
