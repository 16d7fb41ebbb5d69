/* mock_kernels.h — the mock driver's kernels: the host versions of target
 * regions found in the executable (mock_kernels.c), called by a stream's
 * worker thread in mock_driver.c. */
#ifndef MOCK_KERNELS_H
#define MOCK_KERNELS_H

#include <stdint.h>

/* clang-19 kernels take at most this many arguments here (after the
 * implicit launch environment); the mock refuses longer launches. */
#define MOCK_MAX_KERNEL_ARGS 16

typedef void (*mock_host_fn)(void);

/* The host function clang emitted for the target region whose kernel is
 * `name` (same name, a local symbol of the executable), or NULL when there
 * is none (optimised away, or not an OpenMP kernel). */
mock_host_fn mock_host_function(const char *name);

/* Call `fn` with `nargs` (<= MOCK_MAX_KERNEL_ARGS) arguments, each a pointer
 * or a 64-bit integer. */
void mock_call_host_function(mock_host_fn fn, int nargs, const uintptr_t *args);

#endif
