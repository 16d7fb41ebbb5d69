/* error.c — the runtime's messages and the `error` directive.
 *
 * Every message starts with "omp:" and, where clang passed an ident_t,
 * names the source location as file:line so the user can find the construct.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"
#include "source_location.h"

const char *omp_loc_string(const ident_t *loc, char *buf, size_t size) {
  return omprt_source_location(loc ? loc->psource : NULL, buf, size);
}

void omp_warn(const char *fmt, ...) {
  if (atomic_load_explicit(&omp_global.warnings_off, memory_order_relaxed))
    return; /* kmp_set_warnings_off() */
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  fprintf(stderr, "omp: warning: %s\n", msg);
}

void omp_inform_deprecated(bool is_routine, const char *old_name, const char *new_name) {
  if (atomic_load_explicit(&omp_global.warnings_off, memory_order_relaxed))
    return;
  if (is_routine)
    fprintf(stderr, "OMP: Info #276: %s routine deprecated, please use %s instead.\n", old_name,
            new_name);
  else
    fprintf(stderr, "OMP: Info #268: %s variable deprecated, please use %s instead.\n", old_name,
            new_name);
}

_Noreturn void omp_fatal(ident_t *loc, const char *fmt, ...) {
  char msg[1024], where[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  omp_loc_string(loc, where, sizeof(where));
  if (where[0])
    fprintf(stderr, "omp: error: %s: %s\n", where, msg);
  else
    fprintf(stderr, "omp: error: %s\n", msg);
  fflush(stderr);
  exit(EXIT_FAILURE);
}

/* `#pragma omp error at(execution) severity(...) message(...)`:
 * severity 1 is warning, 2 is fatal (LLVM's severity_warning/_fatal). */
OMP_EXPORT void __kmpc_error(ident_t *loc, int severity, const char *message) {
  char where[512];
  omp_loc_string(loc, where, sizeof(where));
  const char *text = message ? message : "(no message)";
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_error(severity, message, __builtin_return_address(0));
  if (severity == 1) {
    if (where[0])
      fprintf(stderr, "omp: warning: %s: error directive: %s\n", where, text);
    else
      fprintf(stderr, "omp: warning: error directive: %s\n", text);
    return;
  }
  omp_fatal(loc, "error directive: %s", text);
}
