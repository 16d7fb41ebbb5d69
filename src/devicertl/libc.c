/* libc.c — the C library pieces device code needs: printf (clang lowers
 * device printf to __llvm_omp_vprintf with a packed argument buffer, which
 * is exactly CUDA's vprintf format) and assert. malloc, free and vprintf
 * themselves are provided by the CUDA toolchain (ptxas/nvlink know them);
 * memcmp is ours.
 */
#include "devicertl.h"

/* CUDA's vprintf takes the packed argument buffer, not a va_list. */
int vprintf(const char *format, void *args);

int __llvm_omp_vprintf(const char *format, void *args, uint32_t size) {
  (void)size;
  return vprintf(format, args);
}

/* Prints "<file>:<line>: <function>: Assertion `<expr>' failed." and stops
 * the kernel: the launch fails and the host reports the error. */
struct assert_args {
  const char *file;
  uint32_t line;
  const char *function;
  const char *expr;
};

void __assert_fail(const char *expr, const char *file, unsigned line, const char *function) {
  struct assert_args args = {file, line, function, expr};
  vprintf("%s:%u: %s: Assertion `%s' failed.\n", &args);
  __builtin_trap();
}

/* Not in CUDA's device library, and clang turns comparisons of small
 * buffers into calls to it. Weak: a program's own memcmp wins. */
__attribute__((weak)) int memcmp(const void *left, const void *right, size_t size) {
  const unsigned char *a = left, *b = right;
  for (size_t i = 0; i < size; i++)
    if (a[i] != b[i])
      return a[i] < b[i] ? -1 : 1;
  return 0;
}

void devicertl_assert_failed(const char *expr, const char *msg, const char *file,
                             unsigned line, const char *func) {
  struct {
    const char *file;
    uint32_t line;
    const char *func;
    const char *expr;
    const char *msg;
  } args = {file, line, func, expr, msg};
  vprintf("omptarget device: %s:%u: %s: assertion `%s' failed: %s\n", &args);
  __builtin_trap();
}

void devicertl_out_of_memory(const char *what) {
  struct {
    const char *what;
  } args = {what};
  vprintf("omptarget device: out of device memory (%s); raise the device heap with "
          "LIBOMPTARGET_HEAP_SIZE\n", &args);
  __builtin_trap();
}

DEVICE_CODE_END
