/* display.c — what the runtime shows about itself: OMP_DISPLAY_ENV /
 * omp_display_env, and the affinity format (OMP_AFFINITY_FORMAT,
 * omp_capture_affinity, omp_display_affinity, OMP_DISPLAY_AFFINITY).
 *
 * Output follows LLVM 19's libomp line for line (docs/env.md lists the
 * deliberate differences): the environment block goes to stderr, affinity
 * lines to stdout. OMP_DISPLAY_AFFINITY is driven from affinity.c at each
 * fork: the master formats every member's line, so workers need no hook.
 */
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime.h"

#define OMP_DEFAULT_AFFINITY_FORMAT                                            \
  "OMP: pid %P tid %i thread %n bound to OS proc set {%A}"

/* ---- the affinity-format-var ICV (one per device) ---------------------- */

static pthread_mutex_t omp_format_lock = PTHREAD_MUTEX_INITIALIZER;
static char *omp_format; /* NULL: the default */

void omp_display_after_fork(void) { pthread_mutex_init(&omp_format_lock, NULL); }

/* A copy of the current format, for the caller to free. */
static char *omp_format_copy(void) {
  pthread_mutex_lock(&omp_format_lock);
  char *copy = strdup(omp_format ? omp_format : OMP_DEFAULT_AFFINITY_FORMAT);
  pthread_mutex_unlock(&omp_format_lock);
  if (!copy)
    omp_fatal(NULL, "out of memory copying the affinity format");
  return copy;
}

/* ---- a growing string ------------------------------------------------------ */

struct omp_text {
  char *s;
  size_t len, cap;
};

static void omp_text_append(struct omp_text *t, const char *s, size_t n) {
  if (t->len + n + 1 > t->cap) {
    size_t cap = t->cap ? t->cap : 128;
    while (cap < t->len + n + 1)
      cap *= 2;
    char *grown = realloc(t->s, cap);
    if (!grown)
      omp_fatal(NULL, "out of memory formatting affinity text");
    t->s = grown;
    t->cap = cap;
  }
  memcpy(t->s + t->len, s, n);
  t->len += n;
  t->s[t->len] = '\0';
}

static void omp_text_puts(struct omp_text *t, const char *s) {
  omp_text_append(t, s, strlen(s));
}

/* ---- formatting one thread's line -------------------------------------- */

/* What the format's fields describe: a thread as a member of a team. */
struct omp_affinity_subject {
  struct omp_thread *th;
  int level, thread_num, num_threads, ancestor_tnum, team_num, num_teams;
};

/* The master formats every member's line at the fork, and a worker created
 * for this region may not have run yet: it publishes its kernel id as its
 * first act (thread.c), so wait for that rather than print "tid 0". */
static int omp_subject_os_tid(struct omp_thread *th) {
  if (th == omp_self_tls && th->os_tid == 0)
    __atomic_store_n(&th->os_tid, (int)gettid(), __ATOMIC_RELEASE);
  int os_tid;
  for (int tries = 0; (os_tid = __atomic_load_n(&th->os_tid, __ATOMIC_ACQUIRE)) == 0 &&
                      tries < 100000;
       tries++)
    sched_yield();
  return os_tid;
}

/* The calling thread, in its current team. */
static void omp_subject_self(struct omp_affinity_subject *s) {
  struct omp_thread *th = omp_self();
  struct omp_team *team = th->team;
  s->th = th;
  s->level = team->level;
  s->thread_num = team->is_league ? 0 : th->tid;
  s->num_threads = team->is_league ? 1 : team->nthreads;
  s->ancestor_tnum = -1;
  if (team->level >= 1) {
    int tid;
    struct omp_team *up = omp_team_at_level(th, team->level - 1, &tid);
    s->ancestor_tnum = up && up->is_league ? 0 : tid;
  }
  struct omp_team *league = omp_enclosing_league(th, &s->team_num);
  s->num_teams = league ? league->league_size : 1;
  if (!league)
    s->team_num = 0;
}

/* Member `tid` of `team`, which the calling thread is forking (it is still
 * in its own enclosing team). */
static void omp_subject_member(struct omp_affinity_subject *s,
                               struct omp_team *team, int tid) {
  struct omp_thread *master = omp_self();
  s->th = tid == 0 ? master : team->threads[tid];
  s->level = team->level;
  s->thread_num = tid;
  s->num_threads = team->nthreads;
  s->ancestor_tnum = master->team->is_league ? 0 : master->tid;
  struct omp_team *league = omp_enclosing_league(master, &s->team_num);
  s->num_teams = league ? league->league_size : 1;
  if (!league)
    s->team_num = 0;
}

struct omp_format_field {
  char short_name;
  const char *long_name;
  bool is_text;
};

static const struct omp_format_field omp_format_fields[] = {
    {'t', "team_num", false},      {'T', "num_teams", false},
    {'L', "nesting_level", false}, {'n', "thread_num", false},
    {'N', "num_threads", false},   {'a', "ancestor_tnum", false},
    {'H', "host", true},           {'P', "process_id", false},
    {'i', "native_thread_id", false}, {'A', "thread_affinity", true},
};

static long omp_field_number(char name, const struct omp_affinity_subject *s) {
  switch (name) {
  case 't': return s->team_num;
  case 'T': return s->num_teams;
  case 'L': return s->level;
  case 'n': return s->thread_num;
  case 'N': return s->num_threads;
  case 'a': return s->ancestor_tnum;
  case 'P': return (long)getpid();
  default: return omp_subject_os_tid(s->th); /* 'i' */
  }
}

static void omp_field_text(char name, const struct omp_affinity_subject *s,
                           char *buf, size_t size) {
  if (name == 'H') {
    if (gethostname(buf, size) != 0)
      snprintf(buf, size, "unknown");
    buf[size - 1] = '\0';
  } else {
    omp_affinity_mask_string(s->th, buf, size);
  }
}

static bool omp_is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_';
}

/* One "%..." field at *p (just past the '%'): [0][.][width](name|{long}).
 * Like LLVM, fields are left-justified unless '.' is given, '0' pads with
 * zeros, and a field we do not know reads "undefined". */
static void omp_format_field(const char **p, const struct omp_affinity_subject *s,
                             struct omp_text *out) {
  const char *q = *p;
  if (*q == '%') {
    omp_text_append(out, "%", 1);
    *p = q + 1;
    return;
  }
  char spec[16];
  int k = 0;
  spec[k++] = '%';
  bool zeros = *q == '0';
  if (zeros)
    q++;
  bool right = *q == '.';
  if (right)
    q++;
  if (!right)
    spec[k++] = '-';
  if (zeros)
    spec[k++] = '0';
  for (int digits = 0; *q >= '0' && *q <= '9'; q++)
    if (digits++ < 8)
      spec[k++] = *q;
  const struct omp_format_field *field = NULL;
  bool braces = *q == '{';
  if (braces) {
    q++;
    for (size_t i = 0; i < sizeof(omp_format_fields) / sizeof(omp_format_fields[0]); i++) {
      size_t len = strlen(omp_format_fields[i].long_name);
      if (strncmp(q, omp_format_fields[i].long_name, len) == 0) {
        field = &omp_format_fields[i];
        q += len;
        break;
      }
    }
    if (*q == '}')
      q++;
    else
      field = NULL;
  } else if (*q) {
    for (size_t i = 0; i < sizeof(omp_format_fields) / sizeof(omp_format_fields[0]); i++)
      if (*q == omp_format_fields[i].short_name) {
        field = &omp_format_fields[i];
        q++;
        break;
      }
  }
  if (!field) {
    omp_text_puts(out, "undefined");
    if (braces) {
      while (omp_is_name_char(*q))
        q++;
      if (*q == '}')
        q++;
    } else if (*q) {
      q++;
    }
    *p = q;
    return;
  }
  char value[4096];
  if (field->is_text) {
    char text[4096];
    omp_field_text(field->short_name, s, text, sizeof(text));
    spec[k++] = 's';
    spec[k] = '\0';
    snprintf(value, sizeof(value), spec, text);
  } else {
    spec[k++] = 'l';
    spec[k++] = 'd';
    spec[k] = '\0';
    snprintf(value, sizeof(value), spec, omp_field_number(field->short_name, s));
  }
  omp_text_puts(out, value);
  *p = q;
}

static void omp_format_affinity(const char *format, const struct omp_affinity_subject *s,
                                struct omp_text *out) {
  omp_text_puts(out, "");
  for (const char *p = format; *p;) {
    const char *pct = strchr(p, '%');
    if (!pct) {
      omp_text_puts(out, p);
      return;
    }
    omp_text_append(out, p, (size_t)(pct - p));
    p = pct + 1;
    omp_format_field(&p, s, out);
  }
}

/* ---- OMP_DISPLAY_AFFINITY ------------------------------------------------- */

/* At a fork with OMP_DISPLAY_AFFINITY: when any member moved to another
 * place, or sits at a different level or team size than last shown, every
 * member's line is printed (LLVM's rule). */
void omp_display_affinity_team(struct omp_team *team, bool places_changed) {
  struct omp_thread *master = omp_self();
  bool due = places_changed;
  for (int f = 0; f < team->nthreads && !due; f++) {
    struct omp_thread *th = f == 0 ? master : team->threads[f];
    due = th->shown_level != team->level || th->shown_nthreads != team->nthreads;
  }
  if (!due)
    return;
  char *format = omp_format_copy();
  struct omp_text lines = {0};
  for (int f = 0; f < team->nthreads; f++) {
    struct omp_affinity_subject s;
    omp_subject_member(&s, team, f);
    omp_format_affinity(format, &s, &lines);
    omp_text_puts(&lines, "\n");
    s.th->shown_level = team->level;
    s.th->shown_nthreads = team->nthreads;
  }
  fputs(lines.s, stdout);
  fflush(stdout);
  free(lines.s);
  free(format);
}

void omp_display_affinity_serialized(struct omp_thread *th) {
  struct omp_team *team = th->team;
  if (!omp_global.display_affinity ||
      (th->shown_level == team->level && th->shown_nthreads == 1))
    return;
  ompc_display_affinity(NULL);
  th->shown_level = team->level;
  th->shown_nthreads = 1;
}

/* ---- affinity-format entry points (C callers reach the ompc_ names through
 * omp.h's macros, as with LLVM; the omp_ names take C strings here too) --- */

void omp_affinity_format_set(const char *format) {
  char *copy = strdup(format ? format : "");
  if (!copy)
    omp_fatal(NULL, "out of memory setting the affinity format");
  pthread_mutex_lock(&omp_format_lock);
  char *old = omp_format;
  omp_format = copy;
  pthread_mutex_unlock(&omp_format_lock);
  free(old);
}

/* The routines start the runtime first: start-up reads OMP_AFFINITY_FORMAT,
 * which a routine called before any region must see, and must not undo. */
OMP_EXPORT void ompc_set_affinity_format(const char *format) {
  omp_runtime_init();
  omp_affinity_format_set(format);
}

OMP_EXPORT size_t ompc_get_affinity_format(char *buffer, size_t size) {
  omp_runtime_init();
  char *format = omp_format_copy();
  size_t len = strlen(format);
  if (buffer && size) {
    size_t n = len < size - 1 ? len : size - 1;
    memcpy(buffer, format, n);
    buffer[n] = '\0';
  }
  free(format);
  return len;
}

/* The line for the calling thread; NULL or "" means the ICV's format. */
static struct omp_text omp_capture_self(const char *format) {
  char *icv_format = NULL;
  if (!format || !*format)
    format = icv_format = omp_format_copy();
  omp_affinity_root_query(omp_self());
  struct omp_affinity_subject s;
  omp_subject_self(&s);
  struct omp_text text = {0};
  omp_format_affinity(format, &s, &text);
  free(icv_format);
  return text;
}

OMP_EXPORT size_t ompc_capture_affinity(char *buffer, size_t size, const char *format) {
  omp_runtime_init();
  struct omp_text text = omp_capture_self(format);
  if (buffer && size) {
    size_t n = text.len < size - 1 ? text.len : size - 1;
    memcpy(buffer, text.s, n);
    buffer[n] = '\0';
  }
  free(text.s);
  return text.len;
}

OMP_EXPORT void ompc_display_affinity(const char *format) {
  omp_runtime_init();
  struct omp_text text = omp_capture_self(format);
  omp_text_puts(&text, "\n");
  fputs(text.s, stdout);
  fflush(stdout);
  free(text.s);
}

#undef omp_set_affinity_format
#undef omp_get_affinity_format
#undef omp_display_affinity
#undef omp_capture_affinity

OMP_EXPORT void omp_set_affinity_format(const char *format) {
  ompc_set_affinity_format(format);
}

OMP_EXPORT size_t omp_get_affinity_format(char *buffer, size_t size) {
  return ompc_get_affinity_format(buffer, size);
}

OMP_EXPORT void omp_display_affinity(const char *format) {
  ompc_display_affinity(format);
}

OMP_EXPORT size_t omp_capture_affinity(char *buffer, size_t size, const char *format) {
  return ompc_capture_affinity(buffer, size, format);
}

/* ---- OMP_DISPLAY_ENV ----------------------------------------------------- */

static void omp_env_line(struct omp_text *t, const char *name, const char *value) {
  omp_text_puts(t, "  [host] ");
  omp_text_puts(t, name);
  if (value) {
    omp_text_puts(t, "='");
    omp_text_puts(t, value);
    omp_text_puts(t, "'\n");
  } else {
    omp_text_puts(t, ": value is not defined\n");
  }
}

static void omp_env_line_int(struct omp_text *t, const char *name, long value) {
  char buf[32];
  snprintf(buf, sizeof(buf), "%ld", value);
  omp_env_line(t, name, buf);
}

static const char *omp_bool_text(int value) { return value ? "TRUE" : "FALSE"; }

/* LLVM's size display: the largest unit that divides it exactly. */
static void omp_size_text(size_t size, char *buf, size_t len) {
  static const char *const units[] = {"B", "k", "M", "G", "T"};
  int u = 0;
  while (size && size % 1024 == 0 && u + 1 < 5) {
    size /= 1024;
    u++;
  }
  snprintf(buf, len, "%zu%s", size, units[u]);
}

static const char *omp_bind_name(int bind) {
  switch (bind) {
  case omp_proc_bind_false: return "false";
  case omp_proc_bind_true: return "true";
  case omp_proc_bind_master: return "primary";
  case omp_proc_bind_close: return "close";
  default: return "spread";
  }
}

/* "a,b,c" of a per-level list. */
static void omp_list_text(struct omp_text *t, const int *values, int n, bool bind) {
  for (int i = 0; i < n; i++) {
    char buf[16];
    if (i)
      omp_text_puts(t, ",");
    if (bind) {
      omp_text_puts(t, omp_bind_name(values[i]));
    } else {
      snprintf(buf, sizeof(buf), "%d", values[i]);
      omp_text_puts(t, buf);
    }
  }
}

static void omp_env_line_list(struct omp_text *t, const char *name,
                              const int *values, int n, bool bind) {
  struct omp_text value = {0};
  omp_list_text(&value, values, n, bind);
  omp_env_line(t, name, value.s);
  free(value.s);
}

/* The runtime-specific (KMP_/LIBOMP_) variables we read: verbose only. */
static void omp_env_lines_verbose(struct omp_text *t) {
  const struct omp_global *g = &omp_global;
  char buf[64];
  if (g->blocktime_ns < 0)
    snprintf(buf, sizeof(buf), "infinite");
  else if (g->blocktime_ns % 1000000 == 0)
    snprintf(buf, sizeof(buf), "%lldms", (long long)(g->blocktime_ns / 1000000));
  else
    snprintf(buf, sizeof(buf), "%lldus", (long long)(g->blocktime_ns / 1000));
  omp_env_line(t, "KMP_BLOCKTIME", buf);
  omp_env_line_int(t, "KMP_DISP_NUM_BUFFERS", (int)g->dispatch_buffers);
  omp_env_line_int(t, "KMP_HOT_TEAMS_MAX_LEVEL", g->hot_teams_max_level);
  omp_env_line_int(t, "LIBOMP_NUM_HIDDEN_HELPER_THREADS", g->num_hidden_helper_threads);
  omp_env_line(t, "LIBOMP_USE_HIDDEN_HELPER_TASK", omp_bool_text(g->use_hidden_helper_task));
}

static void omp_env_lines(struct omp_text *t) {
  const struct omp_global *g = &omp_global;
  const struct omp_icvs *icvs = &g->initial_icvs;
  char buf[128];
  char *format = omp_format_copy();
  omp_env_line(t, "OMP_AFFINITY_FORMAT", format);
  free(format);
  omp_env_line(t, "OMP_ALLOCATOR", omp_allocator_name(g->default_allocator));
  omp_env_line(t, "OMP_CANCELLATION", omp_bool_text(g->cancellation));
  omp_env_line_int(t, "OMP_DEFAULT_DEVICE", icvs->default_device);
  omp_env_line(t, "OMP_DISPLAY_AFFINITY", omp_bool_text(g->display_affinity));
  omp_env_line(t, "OMP_DISPLAY_ENV", g->display_env == 2 ? "VERBOSE"
                                     : omp_bool_text(g->display_env));
  omp_env_line(t, "OMP_DYNAMIC", omp_bool_text(icvs->dynamic));
  omp_env_line_int(t, "OMP_MAX_ACTIVE_LEVELS", icvs->max_active_levels);
  omp_env_line_int(t, "OMP_MAX_TASK_PRIORITY", g->max_task_priority);
  snprintf(buf, sizeof(buf), "  [host] OMP_NESTED: deprecated; max-active-levels-var=%d\n",
           icvs->max_active_levels);
  omp_text_puts(t, buf);
  omp_env_line_int(t, "OMP_NUM_TEAMS", g->num_teams);
  if (g->nthreads_list_len)
    omp_env_line_list(t, "OMP_NUM_THREADS", g->nthreads_list, g->nthreads_list_len, false);
  else
    omp_env_line(t, "OMP_NUM_THREADS", NULL);
  omp_env_line(t, "OMP_PLACES", omp_affinity_places_text());
  if (g->bind_list_len)
    omp_env_line_list(t, "OMP_PROC_BIND", g->bind_list, g->bind_list_len, true);
  else
    omp_env_line(t, "OMP_PROC_BIND", omp_bind_name(icvs->proc_bind));
  omp_env_line(t, "OMP_SCHEDULE", omp_env_schedule_text(buf, sizeof(buf)));
  omp_size_text(g->stacksize, buf, sizeof(buf));
  omp_env_line(t, "OMP_STACKSIZE", buf);
  static const char *const offload[] = {"DEFAULT", "MANDATORY", "DISABLED"};
  snprintf(buf, sizeof(buf), "  [host] OMP_TARGET_OFFLOAD=%s\n",
           offload[g->target_offload >= 0 && g->target_offload <= 2 ? g->target_offload : 0]);
  omp_text_puts(t, buf);
  omp_env_line_int(t, "OMP_TEAMS_THREAD_LIMIT", g->teams_thread_limit);
  omp_env_line_int(t, "OMP_THREAD_LIMIT", g->max_threads_limit);
  /* tool-var (ompt.c reads it): enabled unless disabled */
  const char *tool = getenv("OMP_TOOL");
  omp_env_line(t, "OMP_TOOL", tool && omp_text_is(tool, "disabled") ? "disabled" : "enabled");
  omp_env_line(t, "OMP_TOOL_LIBRARIES", getenv("OMP_TOOL_LIBRARIES"));
  omp_env_line(t, "OMP_TOOL_VERBOSE_INIT", getenv("OMP_TOOL_VERBOSE_INIT"));
  omp_env_line(t, "OMP_WAIT_POLICY", g->wait_policy == 1 ? "ACTIVE" : "PASSIVE");
}

void omp_display_env_print(int verbose) {
  struct omp_text t = {0};
  omp_text_puts(&t, "\nOPENMP DISPLAY ENVIRONMENT BEGIN\n   _OPENMP='" OMP_VERSION_SHOWN "'\n");
  if (verbose)
    omp_env_lines_verbose(&t);
  omp_env_lines(&t);
  omp_text_puts(&t, "OPENMP DISPLAY ENVIRONMENT END\n\n\n");
  fputs(t.s, stderr);
  fflush(stderr);
  free(t.s);
}

OMP_EXPORT void omp_display_env(int verbose) {
  omp_runtime_init();
  omp_display_env_print(verbose != 0);
}
