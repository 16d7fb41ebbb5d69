/* info.c — libomptarget's messages and the LIBOMPTARGET_INFO diagnostics.
 *
 * Errors start with "omptarget:" and name the construct's source location
 * from its ident_t. LIBOMPTARGET_INFO (a bit mask, as in LLVM) prints
 * mappings, copies and kernel launches with their locations to stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "source_location.h"
#include "target.h"

int tgt_info_flags;

const char *tgt_loc_string(const ident_t *loc, char *buf, size_t size) {
  return omprt_source_location(loc ? loc->psource : NULL, buf, size);
}

/* clang passes map names as ";name;file;line;col;;" strings. */
const char *tgt_var_name(void *name, char *buf, size_t size) {
  const char *text = name;
  if (!text || text[0] != ';') {
    snprintf(buf, size, "unknown");
    return buf;
  }
  const char *end = strchr(text + 1, ';');
  snprintf(buf, size, "%.*s", end ? (int)(end - text - 1) : (int)strlen(text + 1),
           text + 1);
  return buf;
}

void tgt_info(ident_t *loc, int kind, const char *fmt, ...) {
  if (!(tgt_info_flags & kind))
    return;
  char msg[1024], where[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  tgt_loc_string(loc, where, sizeof(where));
  fprintf(stderr, "omptarget: info: %s%s%s\n", where, where[0] ? ": " : "", msg);
}

void tgt_warn(const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  fprintf(stderr, "omptarget: warning: %s\n", msg);
}

/* Why the plugin's last operation on this thread failed. */
static __thread char tgt_plugin_detail[512];

void omprt_plugin_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(tgt_plugin_detail, sizeof(tgt_plugin_detail), fmt, ap);
  va_end(ap);
}

_Noreturn void tgt_fatal(ident_t *loc, const char *fmt, ...) {
  char msg[1600], where[512];
  va_list ap;
  va_start(ap, fmt);
  int len = vsnprintf(msg, 1024, fmt, ap);
  va_end(ap);
  if (tgt_plugin_detail[0] && len > 0 && len < 1024)
    snprintf(msg + len, sizeof(msg) - (size_t)len, ": %s", tgt_plugin_detail);
  tgt_loc_string(loc, where, sizeof(where));
  if (where[0])
    fprintf(stderr, "omptarget: error: %s: %s\n", where, msg);
  else
    fprintf(stderr, "omptarget: error: %s\n", msg);
  /* _exit, not exit: atexit handlers (__tgt_unregister_lib among them) may
   * need a lock this failing thread holds, and would hang the process. */
  fflush(NULL);
  _exit(EXIT_FAILURE);
}

TGT_EXPORT void __tgt_set_info_flag(uint32_t flags) { tgt_info_flags = (int)flags; }
