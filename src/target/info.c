/* info.c — libomptarget's messages and the LIBOMPTARGET_INFO diagnostics.
 *
 * Errors start with "omptarget:" and name the construct's source location
 * from its ident_t. LIBOMPTARGET_INFO is a bit mask with LLVM 19's bits
 * (target.h): each construct's arguments, mappings found and made,
 * the mapping tables, kernel launches and copies, with their locations, to
 * stderr. The plugins read the same mask (omprt_info_mask). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "source_location.h"
#include "target.h"

_Atomic int tgt_info_flags;

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

int omprt_info_mask(void) {
  tgt_init(); /* LIBOMPTARGET_INFO is read there */
  return tgt_info_flags;
}

/* A map type as LLVM's LIBOMPTARGET_INFO names it. */
static const char *tgt_map_type_name(int64_t type, int64_t size) {
  if ((type & MAP_TO) && (type & MAP_FROM))
    return "tofrom";
  if (type & MAP_TO)
    return "to";
  if (type & MAP_FROM)
    return "from";
  if (type & MAP_PRIVATE)
    return "private";
  if (type & MAP_LITERAL)
    return "firstprivate";
  return size ? "alloc" : "use_address";
}

void tgt_info_arguments(ident_t *loc, struct tgt_device *dev, const char *what, int32_t n,
                        int64_t *sizes, int64_t *types, void **names) {
  if (!(tgt_info_flags & TGT_INFO_KERNEL_ARGS))
    return;
  tgt_info(loc, TGT_INFO_KERNEL_ARGS, "%s on device %d with %d arguments:", what, dev->id, n);
  for (int32_t i = 0; i < n; i++) {
    char var[256];
    int64_t type = types ? types[i] : 0, size = sizes ? sizes[i] : 0;
    tgt_info(NULL, TGT_INFO_KERNEL_ARGS, "  %s(%s)[%lld]%s%s%s", tgt_map_type_name(type, size),
             tgt_var_name(names ? names[i] : NULL, var, sizeof(var)), (long long)size,
             type & MAP_ALWAYS ? " always" : "", type & MAP_PRESENT ? " present" : "",
             type & MAP_IMPLICIT ? " (implicit)" : "");
  }
}

void tgt_info_dump_table(ident_t *loc, struct tgt_device *dev) {
  if (!(tgt_info_flags & TGT_INFO_DUMP_TABLE))
    return;
  pthread_mutex_lock(&dev->lock);
  if (!dev->nmaps)
    tgt_info(loc, TGT_INFO_DUMP_TABLE, "device %d: mapping table empty", dev->id);
  else
    tgt_info(loc, TGT_INFO_DUMP_TABLE, "device %d: mapping table, %zu entries "
             "(host begin, end, device begin, dynamic and hold references):", dev->id,
             dev->nmaps);
  for (size_t i = 0; i < dev->nmaps; i++) {
    const struct tgt_map_entry *e = &dev->maps[i];
    if (e->infinite)
      tgt_info(NULL, TGT_INFO_DUMP_TABLE, "  %p %p %p INF %llu", (void *)e->host_begin,
               (void *)e->host_end, (void *)e->dev_begin, (unsigned long long)e->hold_refs);
    else
      tgt_info(NULL, TGT_INFO_DUMP_TABLE, "  %p %p %p %llu %llu", (void *)e->host_begin,
               (void *)e->host_end, (void *)e->dev_begin, (unsigned long long)e->dyn_refs,
               (unsigned long long)e->hold_refs);
  }
  pthread_mutex_unlock(&dev->lock);
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
