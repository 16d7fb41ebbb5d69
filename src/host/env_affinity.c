/* env_affinity.c — the environment variables that decide places and
 * binding: OMP_PROC_BIND, OMP_PLACES, LLVM's KMP_AFFINITY (read as OpenMP
 * affinity), KMP_HW_SUBSET, KMP_TEAMS_PROC_BIND and
 * KMP_HIDDEN_HELPER_AFFINITY. env.c calls in from
 * omp_env_init with its parsing helpers; what is read goes on to
 * affinity.c (omp_affinity_init) and omp_global.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* ---- OMP_PROC_BIND ------------------------------------------------------ */

/* "true" | "false" | a list of primary/master/close/spread. "true" means
 * spread, as in LLVM (omp_get_proc_bind() then reports spread). */
static int omp_parse_bind_list(const char *text, int **out) {
  if (omp_text_is(text, "true") || omp_text_is(text, "false")) {
    int *one = malloc(sizeof(int));
    if (!one)
      return 0;
    *one = omp_text_is(text, "true") ? omp_proc_bind_spread : omp_proc_bind_false;
    *out = one;
    return 1;
  }
  int count;
  int *values = omp_alloc_list(text, &count);
  if (!values)
    return 0;
  const char *p = text;
  for (int i = 0; i < count; i++) {
    p = omp_skip_space(p);
    size_t len = strcspn(p, ", \t\n");
    if (omp_word_is(p, len, "primary") || omp_word_is(p, len, "master"))
      values[i] = omp_proc_bind_master;
    else if (omp_word_is(p, len, "close"))
      values[i] = omp_proc_bind_close;
    else if (omp_word_is(p, len, "spread"))
      values[i] = omp_proc_bind_spread;
    else {
      free(values);
      return 0;
    }
    p = omp_skip_space(p + len);
    if (*p != (i + 1 < count ? ',' : '\0')) {
      free(values);
      return 0;
    }
    p++;
  }
  *out = values;
  return count;
}

/* ---- KMP_AFFINITY (LLVM's and Intel's older interface) ------------------ */

/* KMP_AFFINITY in OpenMP terms: the binding policy and an OMP_PLACES text
 * (in `places`, size bytes). Understood: the modifiers verbose, warnings,
 * respect, duplicates and their no- forms (accepted; nothing more is
 * printed for verbose), reset (*reset: the initial thread runs unbound
 * outside parallel regions, affinity.c), granularity=fine|thread|core|tile|socket|package|
 * numa, and the types compact (close), scatter and balanced (spread), none
 * and disabled (no binding), explicit with proclist=[ids, a-b ranges, {sets}]
 * (one place per id or set). Permute and offset numbers are not: a warning
 * says so and they are ignored. Modifiers alone give *bind -1: no type, the
 * standard variables decide. False for a value we cannot read. */
static bool omp_parse_kmp_affinity(const char *text, int *bind, char *places, size_t size,
                                   bool *reset) {
  const char *granularity = "cores";
  const char *proclist = NULL;
  int type = -1; /* omp_proc_bind_*, or -2 for explicit */
  bool numbers = false;
  for (const char *p = omp_skip_space(text); *p;) {
    size_t len;
    if (strncmp(p, "proclist=[", 10) == 0) {
      proclist = p + 10;
      const char *end = strchr(proclist, ']');
      if (!end)
        return false;
      len = (size_t)(end + 1 - p);
    } else {
      len = strcspn(p, ",");
    }
    while (len && isspace((unsigned char)p[len - 1]))
      len--;
    static const char *const modifiers[] = {"verbose", "noverbose", "warnings", "nowarnings",
                                            "respect", "norespect", "duplicates",
                                            "noduplicates", "reset", "noreset"};
    bool known = proclist && p + 10 == proclist;
    for (size_t m = 0; !known && m < sizeof(modifiers) / sizeof(*modifiers); m++)
      known = omp_word_is(p, len, modifiers[m]);
    if (known) {
      if (omp_word_is(p, len, "reset") || omp_word_is(p, len, "noreset"))
        *reset = omp_word_is(p, len, "reset");
    } else if (len > 12 && strncmp(p, "granularity=", 12) == 0) {
      const char *g = p + 12;
      size_t glen = len - 12;
      if (omp_word_is(g, glen, "fine") || omp_word_is(g, glen, "thread"))
        granularity = "threads";
      else if (omp_word_is(g, glen, "core") || omp_word_is(g, glen, "tile"))
        granularity = "cores";
      else if (omp_word_is(g, glen, "socket") || omp_word_is(g, glen, "package"))
        granularity = "sockets";
      else if (omp_word_is(g, glen, "numa"))
        granularity = "numa_domains";
      else
        return false;
    } else if (omp_word_is(p, len, "compact")) {
      type = omp_proc_bind_close;
    } else if (omp_word_is(p, len, "scatter") || omp_word_is(p, len, "balanced")) {
      type = omp_proc_bind_spread;
    } else if (omp_word_is(p, len, "none") || omp_word_is(p, len, "disabled")) {
      type = omp_proc_bind_false;
    } else if (omp_word_is(p, len, "explicit")) {
      type = -2;
    } else if (len && strspn(p, "0123456789") == len && type >= 0) {
      numbers = true;
    } else {
      return false;
    }
    p = omp_skip_space(p + len);
    if (*p == ',')
      p = omp_skip_space(p + 1);
    else if (*p)
      return false;
  }
  if ((type == -2) != (proclist != NULL))
    return false;
  if (type == -1) {
    /* modifiers (and granularity) alone: LLVM's default type, which leaves
     * binding and places to the standard variables */
    *bind = -1;
    return true;
  }
  if (numbers)
    omp_warn("KMP_AFFINITY=\"%s\": permute and offset numbers are not supported; "
             "ignored", text);
  if (type != -2) {
    *bind = type;
    snprintf(places, size, "%s", granularity);
    return true;
  }
  /* explicit: "{0},{3},{4},{5}" from "[0,3-5]", a {set} staying one place */
  size_t used = 0;
  for (const char *q = proclist; *q != ']';) {
    long first, last;
    char *end;
    if (*q == '{') {
      const char *close = strchr(q, '}');
      if (!close || close > strchr(q, ']'))
        return false;
      used += (size_t)snprintf(places + used, used < size ? size - used : 0, "%s%.*s",
                               used ? "," : "", (int)(close + 1 - q), q);
      q = close + 1;
    } else {
      /* processor ids beyond any machine's (or past a long) are bad input,
       * not a range to expand */
      enum { OMP_KMP_MAX_PROC_ID = 1 << 20 };
      errno = 0;
      first = strtol(q, &end, 10);
      if (end == q || first < 0 || first >= OMP_KMP_MAX_PROC_ID || errno)
        return false;
      last = first;
      if (*end == '-') {
        q = end + 1;
        last = strtol(q, &end, 10);
        if (end == q || last < first || last >= OMP_KMP_MAX_PROC_ID || errno)
          return false;
      }
      for (long id = first; id <= last && used < size; id++)
        used += (size_t)snprintf(places + used, used < size ? size - used : 0, "%s{%ld}",
                                 used ? "," : "", id);
      q = end;
    }
    if (*q == ',')
      q++;
    else if (*q != ']')
      return false;
  }
  if (used == 0 || used >= size)
    return false;
  *bind = omp_proc_bind_close;
  return true;
}

/* KMP_HIDDEN_HELPER_AFFINITY: KMP_AFFINITY's syntax, for the hidden helper
 * threads alone (as LLVM); `verbose` prints each helper's binding. */
static void omp_env_hidden_helper_affinity(void) {
  const char *text = omp_getenv("KMP_HIDDEN_HELPER_AFFINITY");
  if (!text)
    return;
  static char places[65536];
  int bind;
  bool reset = false, verbose = false;
  if (!omp_parse_kmp_affinity(text, &bind, places, sizeof(places), &reset)) {
    omp_env_bad("KMP_HIDDEN_HELPER_AFFINITY", text,
                "expected [modifiers,][granularity=fine|core|socket,]compact|scatter|"
                "balanced|none|disabled, or explicit,proclist=[...]");
    return;
  }
  for (const char *p = omp_skip_space(text); *p;) {
    size_t len = strcspn(p, ",");
    verbose = omp_word_is(p, len, "verbose") ? true
              : omp_word_is(p, len, "noverbose") ? false
                                                  : verbose;
    p += len;
    p = omp_skip_space(*p == ',' ? p + 1 : p);
  }
  omp_affinity_hidden_helper_init(bind, places, verbose);
}

/* Reads OMP_PROC_BIND and OMP_PLACES (or KMP_AFFINITY), and KMP_HW_SUBSET,
 * and starts affinity.c. */
static void omp_env_team_affinity(struct omp_global *g) {
  const char *bind = omp_getenv("OMP_PROC_BIND");
  const char *places = omp_getenv("OMP_PLACES");
  const char *kmp = omp_getenv("KMP_AFFINITY");
  static char kmp_places[65536]; /* an explicit list: one "{id}" per processor */
  int kmp_bind;
  bool reset = false;
  if (kmp && !omp_parse_kmp_affinity(kmp, &kmp_bind, kmp_places, sizeof(kmp_places), &reset)) {
    omp_env_bad("KMP_AFFINITY", kmp,
                "expected [modifiers,][granularity=fine|core|socket,]compact|scatter|"
                "balanced|none|disabled, or explicit,proclist=[...]");
    kmp = NULL;
  }
  const char *hw_subset = omp_getenv("KMP_HW_SUBSET");
  if (hw_subset && kmp && omp_text_has_word(kmp, "disabled")) {
    omp_warn("KMP_HW_SUBSET has no effect with KMP_AFFINITY=disabled; ignored");
    hw_subset = NULL;
  }
  g->affinity_reset = reset;
  if (kmp && kmp_bind == -1)
    kmp = NULL; /* no type given: the standard variables decide */
  if (kmp) {
    /* As in LLVM, KMP_AFFINITY wins over the standard variables. */
    if (bind || places)
      omp_warn("KMP_AFFINITY is set: OMP_PROC_BIND and OMP_PLACES are ignored");
    g->initial_icvs.proc_bind = kmp_bind;
    omp_affinity_init(kmp_bind == omp_proc_bind_false ? NULL : kmp_places,
                      kmp_bind != omp_proc_bind_false, hw_subset);
    return;
  }
  bool bind_given = false;
  if (bind) {
    int *list, n = omp_parse_bind_list(bind, &list);
    if (n == 0) {
      omp_env_bad("OMP_PROC_BIND", bind,
                  "expected true, false or a list of primary, close, spread");
    } else {
      g->bind_list = list;
      g->bind_list_len = n;
      g->initial_icvs.proc_bind = list[0];
      bind_given = true;
    }
  }
  /* OMP_PLACES alone turns binding on with LLVM's default policy, spread */
  if (places && !bind_given)
    g->initial_icvs.proc_bind = omp_proc_bind_spread;
  omp_affinity_init(places, g->initial_icvs.proc_bind != omp_proc_bind_false, hw_subset);
}

/* The team threads' places and binding, then the hidden helpers'. */
void omp_env_affinity(struct omp_global *g) {
  omp_env_team_affinity(g);
  omp_env_hidden_helper_affinity();
}

/* KMP_TEAMS_PROC_BIND: how the initial threads of a host teams region share
 * the place partition (LLVM's): spread (the default), close or primary. */
void omp_env_teams_proc_bind(struct omp_global *g) {
  g->teams_proc_bind = omp_proc_bind_spread;
  const char *v = omp_getenv("KMP_TEAMS_PROC_BIND");
  if (!v)
    return;
  if (omp_text_is(v, "spread"))
    g->teams_proc_bind = omp_proc_bind_spread;
  else if (omp_text_is(v, "close"))
    g->teams_proc_bind = omp_proc_bind_close;
  else if (omp_text_is(v, "primary") || omp_text_is(v, "master"))
    g->teams_proc_bind = omp_proc_bind_master;
  else
    omp_env_bad("KMP_TEAMS_PROC_BIND", v, "expected spread, close or primary");
}
