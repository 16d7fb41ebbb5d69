/* env_names.h — the environment variables of one family (KMP_*,
 * LIBOMPTARGET_*) that the program set and the runtime does not read, so
 * that each is named in a warning rather than ignored silently. Shared by
 * libomp and libomptarget (each compiles env_names.c in, hidden). */
#ifndef OMPRT_ENV_NAMES_H
#define OMPRT_ENV_NAMES_H

#include <stddef.h>

/* Calls report(name, length) for every variable of the environment whose
 * name starts with `prefix` and is not among known[0..nknown). */
void omprt_env_unknown(const char *prefix, const char *const *known, size_t nknown,
                       void (*report)(const char *name, int length));

#endif
