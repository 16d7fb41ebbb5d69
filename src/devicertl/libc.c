/* libc.c — the C library pieces device code needs: printf (clang lowers
 * device printf to __llvm_omp_vprintf with a packed argument buffer, which
 * is exactly CUDA's vprintf format) and assert. malloc, free and vprintf
 * themselves are provided by the CUDA toolchain (ptxas/nvlink know them);
 * memcmp is ours, and so is the `error` directive's __kmpc_error.
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

/* `#pragma omp error at(execution)` in device code (LLVM 19's device
 * runtime lacks it, so such programs do not link there). Severity 1
 * (warning) prints and goes on; 2 (fatal) prints and stops the kernel, and
 * the host reports the failed launch. The location is psource's file and
 * line (";file;function;line;column;;"). */
void __kmpc_error(IdentTy *loc, int32_t severity, const char *message) {
  /* "file:line: " from psource, copied: CUDA's printf has no %.*s. */
  char where[160];
  size_t used = 0;
  const char *p = loc && loc->psource ? loc->psource : "";
  if (*p == ';') {
    const char *file = p + 1, *end = file;
    while (*end && *end != ';')
      end++;
    const char *line = end;
    for (int skip = 0; *line && skip < 2; line++)
      skip += *line == ';'; /* past ";function;" */
    for (const char *c = file; c < end && used < sizeof(where) - 24; c++)
      where[used++] = *c;
    where[used++] = ':';
    for (const char *c = line; *c && *c != ';' && used < sizeof(where) - 3; c++)
      where[used++] = *c;
    where[used++] = ':';
    where[used++] = ' ';
  }
  where[used] = '\0';
  struct {
    const char *kind;
    const char *where;
    const char *message;
  } args = {severity == 1 ? "warning" : "error", where, message ? message : "(no message)"};
  vprintf("omp: %s: %serror directive: %s\n", &args);
  if (severity != 1)
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
