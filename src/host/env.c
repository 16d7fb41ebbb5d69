/* env.c — reading OMP_* (and LLVM's KMP_ and LIBOMP_) environment variables
 * into omp_global and the initial ICVs, once, at the runtime's lazy
 * initialisation (init.c calls omp_env_init before any thread registers).
 *
 * Every variable is parsed completely or not at all: a value we cannot read
 * gets exactly one warning naming the variable and its value, and the
 * default applies, so a typo never stops the program. Defaults and accepted
 * spellings follow LLVM 19's libomp (kmp_settings.cpp); docs/env.md lists
 * them, and where we differ on purpose. The affinity variables are read by
 * env_affinity.c and go on to affinity.c, OMP_ALLOCATOR by env_alloc.c;
 * OMP_DISPLAY_ENV's printing lives in display.c.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <unistd.h>

#include "env_names.h"
#include "runtime.h"

#define OMP_KIB ((size_t)1024)
#define OMP_MIN_STACKSIZE (16 * OMP_KIB)
#define OMP_DEFAULT_BLOCKTIME_NS ((int64_t)200 * 1000 * 1000)
#define OMP_DEFAULT_HIDDEN_HELPERS 8
#define OMP_MAX_HIDDEN_HELPERS 256

/* OMP_SCHEDULE's modifier as written: omp_sched_t cannot say
 * "nonmonotonic", but OMP_DISPLAY_ENV shows it back. */
static bool omp_sched_nonmonotonic_given;

/* ---- small parsing helpers (shared with env_affinity.c) ----------------- */

/* The variable's value, NULL when unset or blank. */
const char *omp_getenv(const char *name) {
  const char *v = getenv(name);
  if (!v)
    return NULL;
  for (const char *p = v; *p; p++)
    if (!isspace((unsigned char)*p))
      return v;
  return NULL;
}

void omp_env_bad(const char *name, const char *value, const char *why) {
  omp_warn("%s=\"%s\": %s; using the default", name, value, why);
}

const char *omp_skip_space(const char *p) {
  while (isspace((unsigned char)*p))
    p++;
  return p;
}

size_t omp_trim_end(const char *p, size_t len) {
  while (len > 0 && isspace((unsigned char)p[len - 1]))
    len--;
  return len;
}

/* Does [p, p+len) equal word, ignoring case? */
bool omp_word_is(const char *p, size_t len, const char *word) {
  return strlen(word) == len && strncasecmp(p, word, len) == 0;
}

/* The whole text, less surrounding blanks, equals word (ignoring case). */
bool omp_text_is(const char *text, const char *word) {
  text = omp_skip_space(text);
  return omp_word_is(text, omp_trim_end(text, strlen(text)), word);
}

/* One of the comma-separated items of text, less blanks, is word. */
bool omp_text_has_word(const char *text, const char *word) {
  for (const char *p = text;; p++) {
    p = omp_skip_space(p);
    if (omp_word_is(p, omp_trim_end(p, strcspn(p, ",")), word))
      return true;
    p = strchr(p, ',');
    if (!p)
      return false;
  }
}

/* Does text (less surrounding blanks) match word as LLVM's __kmp_str_match
 * does: with min > 0, when the two agree (ignoring case) up to the end of
 * the shorter one, over at least min characters, so that "t", "tru" and
 * "yes1" are all true; with min 0, when they are equal. */
static bool omp_bool_word(const char *text, const char *word, size_t min) {
  text = omp_skip_space(text);
  size_t len = omp_trim_end(text, strlen(text));
  size_t i = 0;
  for (; i < len && word[i]; i++)
    if (tolower((unsigned char)text[i]) != tolower((unsigned char)word[i]))
      return false;
  return min > 0 ? i >= min : i == len && !word[i];
}

/* LLVM's boolean spellings and abbreviations (__kmp_str_match_true/false). */
bool omp_parse_bool(const char *text, bool *out) {
  static const struct {
    const char *word;
    size_t min;
  } yes[] = {{"true", 1}, {"on", 2}, {"1", 1}, {".true.", 2}, {".t.", 2}, {"yes", 1},
             {"enable", 0}, {"enabled", 0}},
    no[] = {{"false", 1}, {"off", 2}, {"0", 1}, {".false.", 2}, {".f.", 2}, {"no", 1},
            {"disabled", 0}, {"disable", 0}};
  for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
    if (omp_bool_word(text, yes[i].word, yes[i].min)) {
      *out = true;
      return true;
    }
    if (omp_bool_word(text, no[i].word, no[i].min)) {
      *out = false;
      return true;
    }
  }
  return false;
}

/* A decimal integer at *p (after blanks); advances *p past it. */
static bool omp_scan_long(const char **p, long *out) {
  const char *s = omp_skip_space(*p);
  if (!isdigit((unsigned char)*s) && !((*s == '-' || *s == '+') && isdigit((unsigned char)s[1])))
    return false;
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno)
    return false;
  *out = v;
  *p = end;
  return true;
}

/* The whole text is one integer in [min, max]. */
static bool omp_parse_int(const char *text, long min, long max, int *out) {
  const char *p = text;
  long v;
  if (!omp_scan_long(&p, &v) || *omp_skip_space(p) != '\0' || v < min || v > max)
    return false;
  *out = (int)v;
  return true;
}

static void omp_env_bool(const char *name, int *field) {
  const char *v = omp_getenv(name);
  bool b;
  if (!v)
    return;
  if (omp_parse_bool(v, &b))
    *field = b;
  else
    omp_env_bad(name, v, "expected true or false");
}

static void omp_env_int(const char *name, long min, int *field) {
  const char *v = omp_getenv(name);
  if (!v)
    return;
  if (!omp_parse_int(v, min, INT_MAX, field)) {
    char why[64];
    snprintf(why, sizeof(why), "expected an integer from %ld to %d", min, INT_MAX);
    omp_env_bad(name, v, why);
  }
}

/* Room for one int per comma-separated item of text (*count of them). */
int *omp_alloc_list(const char *text, int *count) {
  *count = 1;
  for (const char *p = text; *p; p++)
    *count += *p == ',';
  return malloc(sizeof(int) * (size_t)*count);
}

/* ---- OMP_NUM_THREADS ---------------------------------------------------- */

/* "4,3,2": one positive integer per nesting level. Returns the count, 0 if
 * the text is not such a list. */
static int omp_parse_nthreads_list(const char *text, int **out) {
  int count;
  int *values = omp_alloc_list(text, &count);
  if (!values)
    return 0;
  const char *p = text;
  for (int i = 0; i < count; i++) {
    long v;
    if (!omp_scan_long(&p, &v) || v <= 0 || v > INT_MAX) {
      free(values);
      return 0;
    }
    values[i] = (int)v;
    p = omp_skip_space(p);
    if (*p != (i + 1 < count ? ',' : '\0')) {
      free(values);
      return 0;
    }
    p++;
  }
  *out = values;
  return count;
}

static void omp_env_num_threads(struct omp_global *g) {
  const char *v = omp_getenv("OMP_NUM_THREADS");
  if (!v)
    return;
  int *list, n = omp_parse_nthreads_list(v, &list);
  if (n == 0) {
    omp_env_bad("OMP_NUM_THREADS", v, "not a list of positive integers");
    return;
  }
  g->nthreads_list = list;
  g->nthreads_list_len = n;
  g->initial_icvs.nthreads = list[0];
}

/* ---- OMP_SCHEDULE: [modifier:]kind[,chunk] ------------------------------- */

/* OMP_SCHEDULE's kinds by name, LLVM's two extensions included. LLVM 19
 * reads static_steal as dynamic (omp_get_schedule reports 2, and its own test
 * omp_for_schedule_runtime.c says so); omp_set_schedule still takes 102. */
static const struct {
  int kind;
  const char *name;
} omp_sched_kinds[] = {{omp_sched_static, "static"},
                       {omp_sched_dynamic, "dynamic"},
                       {omp_sched_guided, "guided"},
                       {omp_sched_auto, "auto"},
                       {OMP_SCHED_TRAPEZOIDAL, "trapezoidal"},
                       {omp_sched_dynamic, "static_steal"}};
#define OMP_NSCHED_KINDS (sizeof(omp_sched_kinds) / sizeof(*omp_sched_kinds))

static const char *omp_sched_name(int kind) {
  for (size_t i = 0; i < OMP_NSCHED_KINDS; i++)
    if (omp_sched_kinds[i].kind == kind)
      return omp_sched_kinds[i].name;
  return NULL;
}

static bool omp_parse_schedule(const char *text, int *kind_out, int *chunk_out,
                               bool *nonmonotonic) {
  const char *p = omp_skip_space(text);
  unsigned modifier = 0;
  *nonmonotonic = false;
  const char *colon = strchr(p, ':');
  if (colon) {
    const char *m = p;
    size_t len = omp_trim_end(m, (size_t)(colon - m));
    if (omp_word_is(m, len, "monotonic"))
      modifier = (unsigned)omp_sched_monotonic;
    else if (omp_word_is(m, len, "nonmonotonic"))
      *nonmonotonic = true;
    else
      return false;
    p = omp_skip_space(colon + 1);
  }
  size_t len = strcspn(p, ", \t\n");
  int kind = 0;
  for (size_t i = 0; i < OMP_NSCHED_KINDS; i++)
    if (omp_word_is(p, len, omp_sched_kinds[i].name))
      kind = omp_sched_kinds[i].kind;
  if (kind == 0)
    return false;
  p = omp_skip_space(p + len);
  long chunk = 0;
  bool zero_chunk = false;
  if (*p == ',') {
    p++;
    if (!omp_scan_long(&p, &chunk) || chunk < 0 || chunk > INT_MAX)
      return false;
    p = omp_skip_space(p);
    zero_chunk = chunk == 0;
  }
  if (*p != '\0')
    return false;
  /* As LLVM: a chunk of 0 is dropped, the kind kept. */
  if (zero_chunk)
    omp_warn("OMP_SCHEDULE=\"%s\": a chunk size must be positive; the kind is used "
             "with its default chunk", text);
  if (kind == omp_sched_auto && chunk != 0) {
    omp_warn("OMP_SCHEDULE=\"%s\": auto takes no chunk size; the chunk is "
             "ignored", text);
    chunk = 0;
  }
  *kind_out = (int)((unsigned)kind | modifier);
  *chunk_out = (int)chunk;
  return true;
}

static void omp_env_schedule(struct omp_icvs *icvs) {
  const char *v = omp_getenv("OMP_SCHEDULE");
  if (!v)
    return;
  if (!omp_parse_schedule(v, &icvs->sched_kind, &icvs->sched_chunk,
                          &omp_sched_nonmonotonic_given))
    omp_env_bad("OMP_SCHEDULE", v,
                "expected [monotonic:|nonmonotonic:]static|dynamic|guided|auto"
                "|trapezoidal|static_steal[,chunk] with a positive chunk");
}

/* The run-sched-var of the initial task as OMP_DISPLAY_ENV shows it. */
const char *omp_env_schedule_text(char *buf, size_t size) {
  const struct omp_icvs *icvs = &omp_global.initial_icvs;
  unsigned kind = (unsigned)icvs->sched_kind;
  int base = (int)(kind & ~(unsigned)omp_sched_monotonic);
  const char *modifier = (kind & (unsigned)omp_sched_monotonic) ? "monotonic:"
                         : omp_sched_nonmonotonic_given ? "nonmonotonic:" : "";
  const char *name = omp_sched_name(base) ? omp_sched_name(base) : "unknown";
  if (icvs->sched_chunk > 0)
    snprintf(buf, size, "%s%s,%d", modifier, name, icvs->sched_chunk);
  else
    snprintf(buf, size, "%s%s", modifier, name);
  return buf;
}

/* ---- stack size, KMP_LIBRARY, OMP_WAIT_POLICY, KMP_BLOCKTIME ---------------- */

/* "size[B|K|M|G|T]" (case-insensitive, blanks allowed), K when no unit. */
static bool omp_parse_size(const char *text, size_t *out) {
  const char *p = text;
  long v;
  if (!omp_scan_long(&p, &v) || v < 0)
    return false;
  p = omp_skip_space(p);
  unsigned shift = 10;
  if (*p) {
    switch (tolower((unsigned char)*p)) {
    case 'b': shift = 0; break;
    case 'k': shift = 10; break;
    case 'm': shift = 20; break;
    case 'g': shift = 30; break;
    case 't': shift = 40; break;
    default: return false;
    }
    p++;
    /* "4MB" reads as 4M */
    if (shift && tolower((unsigned char)*p) == 'b')
      p++;
  }
  if (*omp_skip_space(p) != '\0')
    return false;
  if ((size_t)v > (SIZE_MAX >> shift))
    return false;
  *out = (size_t)v << shift;
  return true;
}

/* LLVM's default worker stack is the process stack limit (8M typically). */
static size_t omp_default_stacksize(void) {
  struct rlimit rl;
  if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
      rl.rlim_cur >= OMP_MIN_STACKSIZE)
    return (size_t)rl.rlim_cur;
  return 8 * OMP_KIB * OMP_KIB;
}

/* As in LLVM, KMP_STACKSIZE wins over GOMP_STACKSIZE, which wins over
 * OMP_STACKSIZE; all three read sizes the same way. */
static void omp_env_stacksize(struct omp_global *g) {
  static const char *const names[] = {"KMP_STACKSIZE", "GOMP_STACKSIZE", "OMP_STACKSIZE"};
  const char *name = NULL, *v = NULL;
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]) && !v; i++)
    v = omp_getenv(name = names[i]);
  size_t size;
  if (!v)
    return;
  if (!omp_parse_size(v, &size))
    omp_env_bad(name, v, "expected a size such as 512K, 8M or 1G");
  else if (size < OMP_MIN_STACKSIZE)
    omp_env_bad(name, v, "below the minimum of 16K");
  else
    g->stacksize = size;
}

/* KMP_LIBRARY, LLVM's execution mode: serial (regions get one thread),
 * turnaround (for dedicated machines) or throughput (the default mode).
 * As in LLVM 19, naming throughput makes waiters sleep at once (blocktime
 * 0) and turnaround keeps the default blocktime (LLVM only yields less);
 * OMP_WAIT_POLICY and KMP_BLOCKTIME, read after it, win. */
static void omp_env_library(struct omp_global *g) {
  const char *v = omp_getenv("KMP_LIBRARY");
  if (!v)
    return;
  if (omp_text_is(v, "serial")) {
    g->library = OMP_LIBRARY_SERIAL;
    g->initial_icvs.nthreads = 1;
  } else if (omp_text_is(v, "turnaround")) {
    g->library = OMP_LIBRARY_TURNAROUND;
    g->wait_policy = 1;
  } else if (omp_text_is(v, "throughput")) {
    g->library = OMP_LIBRARY_THROUGHPUT;
    g->blocktime_ns = 0;
  } else {
    omp_env_bad("KMP_LIBRARY", v, "expected serial, turnaround or throughput");
  }
}

/* KMP_BLOCKTIME: milliseconds (or "<n>ms", "<n>us"), or "infinite". */
#define OMP_BLOCKTIME_SYNTAX "expected milliseconds, <n>ms, <n>us or infinite"
static bool omp_parse_blocktime(const char *text, int64_t *ns) {
  if (omp_text_is(text, "infinite") || omp_text_is(text, "infinity")) {
    *ns = -1;
    return true;
  }
  const char *p = text;
  long v;
  if (!omp_scan_long(&p, &v) || v < 0)
    return false;
  p = omp_skip_space(p);
  int64_t unit = 1000 * 1000;
  if (strncasecmp(p, "ms", 2) == 0)
    p += 2;
  else if (strncasecmp(p, "us", 2) == 0) {
    unit = 1000;
    p += 2;
  }
  if (*omp_skip_space(p) != '\0')
    return false;
  /* LLVM's KMP_MAX_BLOCKTIME (INT_MAX) means spin forever */
  if (v >= INT_MAX)
    *ns = -1;
  else
    *ns = (int64_t)v * unit;
  return true;
}

static void omp_env_waiting(struct omp_global *g) {
  const char *policy = omp_getenv("OMP_WAIT_POLICY");
  if (policy) {
    if (omp_text_is(policy, "active")) {
      g->wait_policy = 1;
      g->blocktime_ns = -1; /* spin forever */
    } else if (omp_text_is(policy, "passive")) {
      g->wait_policy = 2;
      g->blocktime_ns = 0; /* sleep at once */
    } else {
      omp_env_bad("OMP_WAIT_POLICY", policy, "expected active or passive");
    }
  }
  /* an explicit KMP_BLOCKTIME wins over the policy's spin time */
  const char *bt = omp_getenv("KMP_BLOCKTIME");
  int64_t ns;
  if (!bt)
    return;
  if (omp_parse_blocktime(bt, &ns))
    g->blocktime_ns = ns;
  else
    omp_env_bad("KMP_BLOCKTIME", bt, OMP_BLOCKTIME_SYNTAX);
}

/* ---- nesting --------------------------------------------------------------- */

/* max-active-levels-var: OMP_MAX_ACTIVE_LEVELS, else OMP_NESTED, else
 * unlimited when OMP_NUM_THREADS or OMP_PROC_BIND lists several levels. */
static void omp_env_nesting(struct omp_global *g) {
  struct omp_icvs *icvs = &g->initial_icvs;
  if (g->nthreads_list_len > 1 || g->bind_list_len > 1)
    icvs->max_active_levels = g->max_active_levels_supported;
  int nested = -1;
  if (omp_getenv("OMP_NESTED"))
    omp_inform_deprecated(false, "OMP_NESTED", "OMP_MAX_ACTIVE_LEVELS");
  omp_env_bool("OMP_NESTED", &nested);
  if (nested >= 0)
    icvs->max_active_levels = nested ? g->max_active_levels_supported : 1;
  omp_env_int("OMP_MAX_ACTIVE_LEVELS", 0, &icvs->max_active_levels);
  if (icvs->max_active_levels > g->max_active_levels_supported)
    icvs->max_active_levels = g->max_active_levels_supported;
}

/* ---- devices, allocator, display ------------------------------------------- */

/* target-offload-var from its text; an unparsable value warns and means
 * default, as in LLVM (whose kmp_set_defaults may change it later, so the
 * default is not always what is there already). */
static int omp_parse_target_offload(const char *v) {
  if (omp_text_is(v, "mandatory"))
    return 1;
  if (omp_text_is(v, "disabled"))
    return 2;
  if (!omp_text_is(v, "default"))
    omp_env_bad("OMP_TARGET_OFFLOAD", v, "expected mandatory, disabled or default");
  return 0;
}

static void omp_env_target_offload(struct omp_global *g) {
  const char *v = omp_getenv("OMP_TARGET_OFFLOAD");
  if (v)
    g->target_offload = omp_parse_target_offload(v);
}

static void omp_env_display(struct omp_global *g) {
  const char *v = omp_getenv("OMP_DISPLAY_ENV");
  bool b;
  if (!v)
    return;
  if (omp_text_is(v, "verbose"))
    g->display_env = 2;
  else if (omp_parse_bool(v, &b))
    g->display_env = b;
  else
    omp_env_bad("OMP_DISPLAY_ENV", v, "expected true, false or verbose");
}

static void omp_env_hidden_helpers(struct omp_global *g) {
  int use = g->use_hidden_helper_task;
  omp_env_bool("LIBOMP_USE_HIDDEN_HELPER_TASK", &use);
  g->use_hidden_helper_task = use;
  const char *v = omp_getenv("LIBOMP_NUM_HIDDEN_HELPER_THREADS");
  if (v && !omp_parse_int(v, 0, OMP_MAX_HIDDEN_HELPERS, &g->num_hidden_helper_threads))
    omp_env_bad("LIBOMP_NUM_HIDDEN_HELPER_THREADS", v,
                "expected an integer from 0 to 256");
  /* as LLVM: no helper threads means no hidden helper tasks */
  if (g->num_hidden_helper_threads == 0)
    g->use_hidden_helper_task = false;
}

/* KMP_DISP_NUM_BUFFERS: how many nowait worksharing loops a team may have in
 * flight (dispatch.c), 1 to 4096, a number outside clamped with a warning
 * as LLVM does; kmp_set_disp_num_buffers() before start-up sets it too, the
 * environment winning. */
static void omp_env_dispatch_buffers(struct omp_global *g) {
  if (g->dispatch_buffers == 0)
    g->dispatch_buffers = OMP_DISPATCH_BUFFERS_DEFAULT;
  const char *v = omp_getenv("KMP_DISP_NUM_BUFFERS");
  const char *p = v;
  long n;
  if (v && omp_scan_long(&p, &n) && *omp_skip_space(p) == '\0') {
    long clamped = n < 1 ? 1 : n > OMP_DISPATCH_BUFFERS_MAX ? OMP_DISPATCH_BUFFERS_MAX : n;
    if (clamped != n) /* LLVM's words: "value too small/large" */
      omp_warn("KMP_DISP_NUM_BUFFERS=\"%s\": value too %s (1 to %d); using %ld", v,
               n < 1 ? "small" : "large", OMP_DISPATCH_BUFFERS_MAX, clamped);
    g->dispatch_buffers = (uint32_t)clamped;
  } else if (v) {
    omp_env_bad("KMP_DISP_NUM_BUFFERS", v, "expected an integer from 1 to 4096");
  }
  g->dispatch_wrap = (UINT32_MAX / g->dispatch_buffers) * g->dispatch_buffers;
}

/* ---- start-up --------------------------------------------------------------- */

static int omp_count_procs(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    return CPU_COUNT(&set);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

static void omp_env_defaults(struct omp_global *g) {
  g->num_procs = omp_count_procs();
  g->max_active_levels_supported = INT_MAX;
  g->blocktime_ns = OMP_DEFAULT_BLOCKTIME_NS;
  g->stacksize = omp_default_stacksize();
  g->max_threads_limit = INT_MAX;
  g->default_allocator = omp_default_mem_alloc;
  g->num_hidden_helper_threads = OMP_DEFAULT_HIDDEN_HELPERS;
  g->use_hidden_helper_task = true;
  struct omp_icvs *icvs = &g->initial_icvs;
  icvs->nthreads = 0; /* the processor count, once places are known */
  icvs->dynamic = 0;
  icvs->max_active_levels = 1;
  icvs->thread_limit = INT_MAX;
  icvs->sched_kind = omp_sched_static;
  icvs->sched_chunk = 0;
  icvs->proc_bind = omp_proc_bind_false;
  icvs->default_device = 0;
  icvs->device_num = -1;
}

/* LLVM's runtime reads some seventy KMP_* variables; we read a few. A
 * program that sets one of the others (KMP_TOPOLOGY_METHOD, KMP_INIT_AT_FORK,
 * KMP_DEVICE_THREAD_LIMIT, ...) is told once per variable that it has no effect here,
 * rather than finding out from its run. */
static void omp_report_unknown_kmp(const char *name, int length) {
  omp_warn("%.*s is not supported by this runtime (docs/env.md lists the variables it "
           "reads); ignored", length, name);
}

static void omp_env_warn_unsupported_kmp(void) {
  static const char *const supported[] = {
      "KMP_AFFINITY",        "KMP_BLOCKTIME", "KMP_DISP_NUM_BUFFERS",
      "KMP_ENABLE_TASK_THROTTLING",
      "KMP_FORCE_REDUCTION", "KMP_HIDDEN_HELPER_AFFINITY", "KMP_HOT_TEAMS_MAX_LEVEL",
      "KMP_HW_SUBSET", "KMP_LIBRARY",
      "KMP_SETTINGS",        "KMP_STACKSIZE", "KMP_TEAMS_PROC_BIND",
      "KMP_TEAMS_THREAD_LIMIT", "KMP_VERSION", "KMP_WARNINGS"};
  omprt_env_unknown("KMP_", supported, sizeof(supported) / sizeof(*supported),
                    omp_report_unknown_kmp);
}

/* KMP_SETTINGS' first part: every OMP_, KMP_, LIBOMP_ and GOMP_ variable
 * the program was started with, as LLVM lists them. */
static void omp_print_user_settings(void) {
  static const char *const prefixes[] = {"OMP_", "KMP_", "LIBOMP_", "GOMP_"};
  extern char **environ;
  fputs("\nUser settings:\n\n", stderr);
  for (char **entry = environ; entry && *entry; entry++)
    for (size_t i = 0; i < sizeof(prefixes) / sizeof(*prefixes); i++)
      if (strncmp(*entry, prefixes[i], strlen(prefixes[i])) == 0)
        fprintf(stderr, "   %s\n", *entry);
  fputs("\nEffective settings:\n", stderr);
}

/* kmp_set_defaults after start-up. LLVM re-parses the settings it is given,
 * but most of them had been copied into the initial task's ICVs and the
 * threads already made, so they change nothing there. What takes effect is
 * a value the whole process shares and reads where it is used; those are
 * set here: target-offload-var (read by __kmpc_get_target_offload;
 * libomptarget asks once, when it starts), the blocktime and KMP_WARNINGS.
 * False for any other name. */
bool omp_env_apply_late(const char *name, const char *value) {
  struct omp_global *g = &omp_global;
  if (strcmp(name, "OMP_TARGET_OFFLOAD") == 0) {
    __atomic_store_n(&g->target_offload, omp_parse_target_offload(value),
                     __ATOMIC_RELAXED);
    return true;
  }
  if (strcmp(name, "KMP_BLOCKTIME") == 0) {
    int64_t ns;
    if (omp_parse_blocktime(value, &ns))
      __atomic_store_n(&g->blocktime_ns, ns, __ATOMIC_RELAXED);
    else
      omp_warn("KMP_BLOCKTIME=\"%s\": " OMP_BLOCKTIME_SYNTAX "; the blocktime is unchanged",
               value);
    return true;
  }
  if (strcmp(name, "KMP_WARNINGS") == 0) {
    bool on;
    if (omp_parse_bool(value, &on))
      atomic_store(&g->warnings_off, !on);
    else
      omp_warn("KMP_WARNINGS=\"%s\": expected a boolean; unchanged", value);
    return true;
  }
  return false;
}

void omp_env_init(void) {
  struct omp_global *g = &omp_global;
  /* KMP_WARNINGS=false silences our warnings, as kmp_set_warnings_off() */
  int warnings = 1;
  omp_env_bool("KMP_WARNINGS", &warnings);
  if (!warnings)
    atomic_store(&g->warnings_off, true);
  omp_env_warn_unsupported_kmp();
  struct omp_icvs *icvs = &g->initial_icvs;
  omp_env_defaults(g);
  omp_env_num_threads(g);
  omp_env_affinity(g); /* may narrow num_procs to the places' processors */
  omp_env_teams_proc_bind(g);
  if (icvs->nthreads == 0)
    icvs->nthreads = g->num_procs;
  omp_env_schedule(icvs);
  omp_env_bool("OMP_DYNAMIC", &icvs->dynamic);
  omp_env_nesting(g);
  omp_env_int("OMP_THREAD_LIMIT", 1, &g->max_threads_limit);
  icvs->thread_limit = g->max_threads_limit;
  omp_env_int("OMP_DEFAULT_DEVICE", 0, &icvs->default_device);
  omp_env_stacksize(g);
  omp_env_library(g);
  omp_env_waiting(g);
  omp_env_bool("OMP_CANCELLATION", &g->cancellation);
  /* LLVM's task throttling: a producer whose queue holds 256 tasks runs the
   * next one itself; 0 lets the queue grow instead. */
  int throttling = 1;
  omp_env_bool("KMP_ENABLE_TASK_THROTTLING", &throttling);
  g->task_throttling_off = !throttling;
  omp_env_int("OMP_MAX_TASK_PRIORITY", 0, &g->max_task_priority);
  omp_env_int("OMP_NUM_TEAMS", 1, &g->num_teams);
  omp_env_int("OMP_TEAMS_THREAD_LIMIT", 1, &g->teams_thread_limit);
  g->teams_max_threads = g->num_procs;
  omp_env_int("KMP_TEAMS_THREAD_LIMIT", 1, &g->teams_max_threads);
  g->hot_teams_max_level = 1; /* LLVM's default: the outermost level's teams */
  omp_env_int("KMP_HOT_TEAMS_MAX_LEVEL", 0, &g->hot_teams_max_level);
  omp_env_target_offload(g);
  omp_env_allocator(g);
  omp_env_hidden_helpers(g);
  omp_env_dispatch_buffers(g);
  omp_env_bool("OMP_DISPLAY_AFFINITY", &g->display_affinity);
  const char *format = getenv("OMP_AFFINITY_FORMAT");
  if (format)
    omp_affinity_format_set(format);
  omp_env_display(g);
  /* KMP_VERSION: LLVM prints its version banner; we say what we are.
   * KMP_SETTINGS: as LLVM, the user's settings, then the effective ones
   * (ours: OMP_DISPLAY_ENV's verbose list). */
  int version = 0, settings = 0;
  omp_env_bool("KMP_VERSION", &version);
  omp_env_bool("KMP_SETTINGS", &settings);
  if (version)
    fprintf(stderr, "omp: version: omprt libomp.so.5, a drop-in for LLVM 19's OpenMP "
                    "runtime (OpenMP API %s)\n", OMP_VERSION_SHOWN);
  if (settings)
    omp_print_user_settings();
  if (g->display_env || settings)
    omp_display_env_print(g->display_env == 2 || settings);
}
