/* affinity.c — places, the proc_bind policies and thread binding.
 *
 * env_affinity.c calls omp_affinity_init once with OMP_PLACES, whether binding is
 * on (bind-var not false) and KMP_HW_SUBSET, which first narrows the usable
 * processors (hw_subset.c). Binding off is the common case and costs nothing:
 * the place list is then one place holding every processor the process may
 * use (what LLVM reports too), and omp_affinity_fork returns at once.
 *
 * With binding on, the place list comes from OMP_PLACES: an abstract name
 * (threads, cores, ll_caches, numa_domains, sockets; the machine's topology
 * read once with hwloc) or an explicit list ("{0,1},{2,3}", "{0:4}:4:4",
 * "!" exclusion; parsed by places_parse.c). At each fork parallel.c calls
 * omp_affinity_fork (for a host league, with KMP_TEAMS_PROC_BIND), which
 * gives every member a place and a place partition by the region's policy
 * (primary, close, spread; the same arithmetic as LLVM's
 * __kmp_partition_places so programs see the same place numbers) and binds
 * the workers whose place changed. The encountering thread's own partition
 * is kept per team (team->master_place_*), so it is its old one again after
 * the join without any join-time work.
 */
#include <ctype.h>
#include <errno.h>
#include <hwloc.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "runtime.h"

struct omp_place {
  int nprocs;
  int *procs;        /* OS processor ids, ascending */
  cpu_set_t *mask;   /* the same, for sched_setaffinity */
};

static struct omp_place *omp_places;
static int omp_nplaces;
static bool omp_binding;          /* bind-var of the initial task is not false */
static const char *omp_places_shown; /* OMP_PLACES as OMP_DISPLAY_ENV shows it */

/* Processors this process may run on at start-up (LLVM "respects" the
 * initial mask): avail[id] for id < omp_max_procs. */
static bool *omp_avail;
static int omp_max_procs;
static size_t omp_mask_size;      /* CPU_ALLOC_SIZE(omp_max_procs) */

/* An initial thread's place, once bound: at its first parallel region or
 * affinity query, as LLVM (one that only called, say, omp_set_num_threads
 * keeps its mask). */
static __thread int omp_tls_root_place = -1;
/* The processors usable at start-up (KMP_AFFINITY=reset goes back to them). */
static cpu_set_t *omp_initial_mask;

/* ---- processor sets ------------------------------------------------------ */

static void omp_read_process_mask(void) {
  int ncpus = (int)sysconf(_SC_NPROCESSORS_CONF);
  if (ncpus < CPU_SETSIZE)
    ncpus = CPU_SETSIZE;
  for (;;) {
    cpu_set_t *set = CPU_ALLOC((size_t)ncpus);
    size_t size = CPU_ALLOC_SIZE((size_t)ncpus);
    if (!set)
      omp_fatal(NULL, "out of memory reading the process affinity mask");
    CPU_ZERO_S(size, set);
    if (sched_getaffinity(0, size, set) == 0) {
      omp_max_procs = ncpus;
      omp_mask_size = size;
      omp_avail = calloc((size_t)ncpus, sizeof(bool));
      if (!omp_avail)
        omp_fatal(NULL, "out of memory reading the process affinity mask");
      for (int i = 0; i < ncpus; i++)
        omp_avail[i] = CPU_ISSET_S((size_t)i, size, set);
      CPU_FREE(set);
      return;
    }
    CPU_FREE(set);
    if (errno != EINVAL || ncpus > (1 << 20)) {
      /* no usable mask: assume every configured processor */
      omp_max_procs = (int)sysconf(_SC_NPROCESSORS_CONF);
      if (omp_max_procs < 1)
        omp_max_procs = 1;
      omp_mask_size = CPU_ALLOC_SIZE((size_t)omp_max_procs);
      omp_avail = malloc(sizeof(bool) * (size_t)omp_max_procs);
      if (!omp_avail)
        omp_fatal(NULL, "out of memory reading the process affinity mask");
      for (int i = 0; i < omp_max_procs; i++)
        omp_avail[i] = true;
      return;
    }
    ncpus *= 2;
  }
}

/* Append place `members` (a bool per processor id) to the place list;
 * empty places are dropped. */
static void omp_place_add(const bool *members) {
  int n = 0;
  for (int i = 0; i < omp_max_procs; i++)
    n += members[i];
  if (n == 0)
    return;
  struct omp_place *grown = realloc(omp_places, sizeof(*grown) * (size_t)(omp_nplaces + 1));
  if (!grown)
    omp_fatal(NULL, "out of memory building the place list");
  omp_places = grown;
  struct omp_place *place = &omp_places[omp_nplaces++];
  place->nprocs = n;
  place->procs = malloc(sizeof(int) * (size_t)n);
  place->mask = CPU_ALLOC((size_t)omp_max_procs);
  if (!place->procs || !place->mask)
    omp_fatal(NULL, "out of memory building the place list");
  CPU_ZERO_S(omp_mask_size, place->mask);
  for (int i = 0, k = 0; i < omp_max_procs; i++)
    if (members[i]) {
      place->procs[k++] = i;
      CPU_SET_S((size_t)i, omp_mask_size, place->mask);
    }
}

static void omp_places_clear(void) {
  for (int i = 0; i < omp_nplaces; i++) {
    free(omp_places[i].procs);
    CPU_FREE(omp_places[i].mask);
  }
  free(omp_places);
  omp_places = NULL;
  omp_nplaces = 0;
}

/* ---- abstract names: the topology, through hwloc ------------------------ */

struct omp_place_kind {
  const char *name;
  hwloc_obj_type_t type;
};

static const struct omp_place_kind omp_place_kinds[] = {
    {"threads", HWLOC_OBJ_PU},         {"cores", HWLOC_OBJ_CORE},
    {"ll_caches", HWLOC_OBJ_L3CACHE},  {"numa_domains", HWLOC_OBJ_NUMANODE},
    {"sockets", HWLOC_OBJ_PACKAGE},
};

/* The last-level cache: the outermost data cache level present. */
static hwloc_obj_type_t omp_last_level_cache(hwloc_topology_t topo) {
  static const hwloc_obj_type_t caches[] = {HWLOC_OBJ_L5CACHE, HWLOC_OBJ_L4CACHE,
                                            HWLOC_OBJ_L3CACHE, HWLOC_OBJ_L2CACHE,
                                            HWLOC_OBJ_L1CACHE};
  for (size_t i = 0; i < sizeof(caches) / sizeof(caches[0]); i++)
    if (hwloc_get_nbobjs_by_type(topo, caches[i]) > 0)
      return caches[i];
  return HWLOC_OBJ_TYPE_MAX;
}

/* One place per object of `type` (at most `limit`), each holding the
 * object's processors this process may use. */
static void omp_places_of_type(hwloc_topology_t topo, hwloc_obj_type_t type, int limit) {
  bool *members = malloc(sizeof(bool) * (size_t)omp_max_procs);
  if (!members)
    omp_fatal(NULL, "out of memory building the place list");
  int nobjs = hwloc_get_nbobjs_by_type(topo, type);
  for (int i = 0; i < nobjs && omp_nplaces < limit; i++) {
    hwloc_obj_t obj = hwloc_get_obj_by_type(topo, type, (unsigned)i);
    memset(members, 0, sizeof(bool) * (size_t)omp_max_procs);
    if (obj->cpuset) {
      int id;
      hwloc_bitmap_foreach_begin(id, obj->cpuset) {
        if (id < omp_max_procs && omp_avail[id])
          members[id] = true;
      }
      hwloc_bitmap_foreach_end();
    }
    omp_place_add(members);
  }
  free(members);
}

/* Build the list for an abstract name; false when the topology has no
 * such objects (the caller falls back to cores). */
static bool omp_places_from_topology(const char *kind, hwloc_obj_type_t type, int limit) {
  hwloc_topology_t topo;
  if (hwloc_topology_init(&topo) != 0)
    return false;
  if (hwloc_topology_load(topo) != 0) {
    hwloc_topology_destroy(topo);
    return false;
  }
  if (strcmp(kind, "ll_caches") == 0)
    type = omp_last_level_cache(topo);
  if (type != HWLOC_OBJ_TYPE_MAX)
    omp_places_of_type(topo, type, limit);
  hwloc_topology_destroy(topo);
  return omp_nplaces > 0;
}

/* "name" or "name(n)": true and the list built when `text` is one. */
static bool omp_parse_abstract(const char *text) {
  const char *p = text;
  size_t len = strcspn(p, "( \t");
  const struct omp_place_kind *kind = NULL;
  for (size_t i = 0; i < sizeof(omp_place_kinds) / sizeof(omp_place_kinds[0]); i++)
    if (strlen(omp_place_kinds[i].name) == len &&
        strncasecmp(p, omp_place_kinds[i].name, len) == 0)
      kind = &omp_place_kinds[i];
  if (!kind)
    return false;
  p += len;
  while (isspace((unsigned char)*p))
    p++;
  long limit = INT32_MAX;
  bool malformed = false;
  if (*p == '(') {
    char *end;
    limit = strtol(p + 1, &end, 10);
    p = end;
    while (isspace((unsigned char)*p))
      p++;
    if (limit <= 0 || *p != ')') {
      malformed = true;
    } else {
      p++;
      while (isspace((unsigned char)*p))
        p++;
    }
  }
  if (malformed || *p) {
    /* A known name with a bad count or trailing text: the name alone, as
     * LLVM reads "sockets(" or "threads()". */
    omp_warn("OMP_PLACES=\"%s\": expected %s or %s(count); using %s", text, kind->name,
             kind->name, kind->name);
    limit = INT32_MAX;
  }
  static char shown[64];
  if (limit != INT32_MAX)
    snprintf(shown, sizeof(shown), "%s(%ld)", kind->name, limit);
  else
    snprintf(shown, sizeof(shown), "%s", kind->name);
  omp_places_shown = shown;
  if (!omp_places_from_topology(kind->name, kind->type, (int)limit)) {
    omp_warn("OMP_PLACES=\"%s\": this machine's topology has no %s; using "
             "cores", text, kind->name);
    omp_places_clear();
    omp_places_from_topology("cores", HWLOC_OBJ_CORE, INT32_MAX);
    omp_places_shown = "cores";
  }
  return true;
}

/* ---- explicit lists (places_parse.c) ------------------------------------- */

static bool omp_parse_explicit(const char *text) {
  int invalid_proc = -1;
  if (!omp_parse_place_list(text, omp_avail, omp_max_procs, omp_place_add, &invalid_proc)) {
    omp_places_clear();
    return false;
  }
  /* (when nothing usable is left, the caller's one warning says so) */
  if (invalid_proc >= 0 && omp_nplaces > 0)
    omp_warn("OMP_PLACES=\"%s\": processor %d (and any other unavailable "
             "one) is not available to this process; ignored",
             text, invalid_proc);
  omp_places_shown = text;
  return true;
}

/* ---- start-up ----------------------------------------------------------------- */

/* The single place of "binding off": every processor we may use. */
static void omp_places_all(void) {
  omp_place_add(omp_avail);
}

static void omp_bind_self(int place);

void omp_affinity_init(const char *places, bool binding, const char *hw_subset) {
  omp_read_process_mask();
  omp_binding = binding;
  /* KMP_HW_SUBSET narrows the processors everything below starts from. */
  bool subset = hw_subset && omp_hw_subset_filter(hw_subset, omp_avail, omp_max_procs);
  if (!binding) {
    omp_places_all();
    if (subset) {
      /* The subset's processors set the default team size, and the
       * initial thread runs on them: threads it creates inherit its mask,
       * so no thread leaves the subset (as in LLVM, where affinity none
       * still confines threads to the subset). */
      omp_global.num_procs = omp_places[0].nprocs;
      omp_bind_self(0);
    }
    return;
  }
  bool abstract = false;
  if (places) {
    while (isspace((unsigned char)*places))
      places++;
    abstract = omp_parse_abstract(places);
    if (!abstract && !omp_parse_explicit(places))
      omp_warn("OMP_PLACES=\"%s\": expected threads, cores, ll_caches, "
               "numa_domains or sockets with an optional (count), or a list "
               "of places such as {0,1},{2:2}; using the default", places);
  }
  if (omp_nplaces == 0 && places && omp_places_shown == places)
    omp_warn("OMP_PLACES=\"%s\": no place holds a processor available to "
             "this process; using the default", places);
  if (omp_nplaces == 0) {
    abstract = true;
    omp_places_shown = "cores";
    if (!omp_places_from_topology("cores", HWLOC_OBJ_CORE, INT32_MAX)) {
      omp_places_clear();
      omp_places_all();
    }
  }
  /* As LLVM, an abstract list decides how many processors the program
   * has (and so the default team size): "cores(1)" means one core. */
  if (abstract) {
    int n = 0;
    for (int id = 0; id < omp_max_procs; id++)
      for (int p = 0; p < omp_nplaces; p++) {
        if (CPU_ISSET_S((size_t)id, omp_mask_size, omp_places[p].mask)) {
          n++;
          break;
        }
      }
    omp_global.num_procs = n;
  }
  /* KMP_AFFINITY=reset: the initial thread goes back to the whole mask
   * after each outermost region. */
  omp_initial_mask = CPU_ALLOC((size_t)omp_max_procs);
  if (!omp_initial_mask)
    omp_fatal(NULL, "out of memory reading the process affinity mask");
  CPU_ZERO_S(omp_mask_size, omp_initial_mask);
  for (int id = 0; id < omp_max_procs; id++)
    if (omp_avail[id])
      CPU_SET_S((size_t)id, omp_mask_size, omp_initial_mask);
  /* The starting thread binds at its first parallel region or place query
   * (omp_root_place), as LLVM: a thread that only calls, say,
   * omp_set_num_threads keeps its mask. */
}

const char *omp_affinity_places_text(void) {
  return omp_binding ? omp_places_shown : NULL;
}

/* ---- binding -------------------------------------------------------------------- */

static void omp_bind_failed(int err) {
  static _Atomic bool warned;
  if (!atomic_exchange(&warned, true))
    omp_warn("cannot bind a thread to its place: %s; threads run unbound",
             strerror(err));
}

static void omp_bind_self(int place) {
  if (sched_setaffinity(0, omp_mask_size, omp_places[place].mask) != 0)
    omp_bind_failed(errno);
}

/* Bind worker `th` (not the caller) by its pthread handle. */
static void omp_bind_other(struct omp_thread *th, int place) {
  int rc = pthread_setaffinity_np(th->pthread, omp_mask_size, omp_places[place].mask);
  if (rc != 0)
    omp_bind_failed(rc);
}

/* An initial thread's place: place 0 for the thread that started the
 * runtime, else by its gtid, bound on first use (it is the caller). */
static int omp_root_place(struct omp_thread *th) {
  if (th->place < 0) {
    if (omp_tls_root_place < 0) {
      omp_tls_root_place = th->gtid % omp_nplaces;
      omp_bind_self(omp_tls_root_place);
    }
    th->place = omp_tls_root_place;
  }
  return th->place;
}

/* The place partition [first, last] (wrapping past the end) of th in its
 * current team: the master's is kept by each team it forked, a worker's in
 * its thread; serialized regions and leagues keep the enclosing one. */
static void omp_current_partition(struct omp_thread *th, int *first, int *last) {
  struct omp_team *team = th->team;
  int tid = th->tid;
  *first = 0;
  *last = omp_nplaces - 1;
  while (team && !team->places_assigned) {
    if (team->is_league && tid > 0)
      return;
    tid = team->parent_tid;
    team = team->parent;
  }
  if (!team)
    return;
  if (tid == 0) {
    *first = team->master_place_first;
    *last = team->master_place_last;
  } else {
    *first = th->place_first;
    *last = th->place_last;
  }
}

/* ---- the proc_bind policies (LLVM's __kmp_partition_places) ------------- */

struct omp_assignment {
  int place, first, last;
};

static int omp_next_place(int place, int first, int last) {
  if (place == last)
    return first;
  return place == omp_nplaces - 1 ? 0 : place + 1;
}

/* close, and spread with more threads than places: runs of S or S+1
 * threads per place, the extra threads spread every `gap` places. */
static void omp_assign_packed(struct omp_assignment *a, int n, int nplaces,
                              int master_place, int first, int last, bool spread) {
  int per_place = n / nplaces;
  int rem = n - per_place * nplaces;
  int gap = rem > 0 ? nplaces / rem : nplaces;
  int gap_ct = gap, count = 0, place = master_place;
  for (int f = 0; f < n; f++) {
    a[f].place = place;
    a[f].first = spread ? place : first;
    a[f].last = spread ? place : last;
    count++;
    if (count == per_place && rem && gap_ct == gap) {
      /* this place takes one extra thread */
    } else if (count == per_place + 1 && rem && gap_ct == gap) {
      place = omp_next_place(place, first, last);
      count = 0;
      gap_ct = 1;
      rem--;
    } else if (count == per_place) {
      place = omp_next_place(place, first, last);
      gap_ct++;
      count = 0;
    }
  }
}

static void omp_assign_close(struct omp_assignment *a, int n, int nplaces,
                             int master_place, int first, int last) {
  if (n > nplaces) {
    omp_assign_packed(a, n, nplaces, master_place, first, last, false);
    return;
  }
  int place = master_place;
  for (int f = 0; f < n; f++) {
    a[f] = (struct omp_assignment){place, first, last};
    place = omp_next_place(place, first, last);
  }
}

/* spread, n <= nplaces: each thread gets a subpartition of about
 * nplaces/n places and runs on its first place. */
static void omp_assign_spread(struct omp_assignment *a, int n, int nplaces,
                              int master_place, int first, int last) {
  if (n > nplaces) {
    omp_assign_packed(a, n, nplaces, master_place, first, last, true);
    return;
  }
  if (nplaces != omp_nplaces) {
    int per = nplaces / n;
    int rem = nplaces - n * per;
    int gap = rem ? n / rem : 1;
    int gap_ct = gap, place = master_place;
    for (int f = 0; f < n; f++) {
      int sub_first = place;
      for (int c = 1; c < per; c++)
        place = omp_next_place(place, first, last);
      if (rem && gap_ct == gap) {
        place = omp_next_place(place, first, last);
        rem--;
        gap_ct = 0;
      }
      a[f] = (struct omp_assignment){sub_first, sub_first, place};
      gap_ct++;
      place = omp_next_place(place, first, last);
    }
    return;
  }
  /* the whole place list: evenly spaced subpartitions from the master's */
  double current = master_place;
  double spacing = (double)(nplaces + 1) / (double)n;
  for (int f = 0; f < n; f++) {
    int sub_first = (int)current;
    int sub_last = (int)(current + spacing) - 1;
    if (sub_first >= nplaces) {
      if (master_place) {
        sub_first -= nplaces;
        sub_last -= nplaces;
        if (sub_last == master_place)
          sub_last--;
      } else {
        sub_first = sub_last = 0;
      }
    }
    if (sub_last >= nplaces)
      sub_last = nplaces - 1;
    current += spacing;
    a[f] = (struct omp_assignment){sub_first, sub_first, sub_last};
  }
}

void omp_affinity_fork(struct omp_team *team, int proc_bind) {
  if (OMP_LIKELY(!omp_binding) || proc_bind == omp_proc_bind_false) {
    if (OMP_UNLIKELY(omp_global.display_affinity))
      omp_display_affinity_team(team, false);
    return;
  }
  struct omp_thread *master = omp_self();
  int n = team->nthreads;
  int first, last;
  omp_current_partition(master, &first, &last);
  int master_place = master->is_root ? omp_root_place(master) : master->place;
  if (master_place < 0) {
    master_place = first;
    omp_bind_self(master_place);
    master->place = master_place;
  }
  int nplaces = first <= last ? last - first + 1 : omp_nplaces - first + last + 1;
  struct omp_assignment stack_slots[64];
  struct omp_assignment *a = n <= 64 ? stack_slots : malloc(sizeof(*a) * (size_t)n);
  if (!a)
    omp_fatal(team->loc, "out of memory assigning places to %d threads", n);
  switch (proc_bind) {
  case omp_proc_bind_master:
  case 5: /* clang-19 passes 5 for proc_bind(primary) (libomp's "intel") */
    for (int f = 0; f < n; f++)
      a[f] = (struct omp_assignment){master_place, first, last};
    break;
  case omp_proc_bind_close:
    omp_assign_close(a, n, nplaces, master_place, first, last);
    break;
  default: /* spread, and "true" */
    omp_assign_spread(a, n, nplaces, master_place, first, last);
    break;
  }
  bool changed = false;
  /* A hot team's assignment is usually what it was; a worker's record
   * holds its fork word, so a store it does not need costs it a fetch. */
  OMP_SET_IF_CHANGED(team->master_place_first, a[0].first);
  OMP_SET_IF_CHANGED(team->master_place_last, a[0].last);
  OMP_SET_IF_CHANGED(team->places_assigned, true);
  for (int f = 1; f < n; f++) {
    struct omp_thread *th = team->threads[f];
    OMP_SET_IF_CHANGED(th->place_first, a[f].first);
    OMP_SET_IF_CHANGED(th->place_last, a[f].last);
    if (th->place != a[f].place) {
      omp_bind_other(th, a[f].place);
      th->place = a[f].place;
      changed = true;
    }
  }
  if (a != stack_slots)
    free(a);
  if (omp_global.display_affinity)
    omp_display_affinity_team(team, changed);
}

void omp_affinity_join(struct omp_team *team) {
  struct omp_thread *master = omp_self();
  if (!omp_binding || !omp_initial_mask || team->level != 1 || !master->is_root)
    return;
  if (sched_setaffinity(0, omp_mask_size, omp_initial_mask) != 0)
    omp_bind_failed(errno);
  master->place = -1;
  omp_tls_root_place = -1; /* the next fork binds it again */
}

/* ---- masks as text ------------------------------------------------------------- */

/* LLVM's format: runs of three or more as "a-b", others one by one. */
static void omp_procs_string(const int *procs, int n, char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && used < size;) {
    int j = i;
    while (j + 1 < n && procs[j + 1] == procs[j] + 1)
      j++;
    const char *sep = i ? "," : "";
    int w;
    if (j - i > 1) {
      w = snprintf(buf + used, size - used, "%s%d-%d", sep, procs[i], procs[j]);
      i = j + 1;
    } else {
      w = snprintf(buf + used, size - used, "%s%d", sep, procs[i]);
      i++;
    }
    if (w < 0)
      break;
    used += (size_t)w;
  }
}

void omp_affinity_mask_string(struct omp_thread *th, char *buf, size_t size) {
  int place = 0;
  if (omp_binding)
    place = th->is_root ? omp_root_place(th) : th->place;
  if (place < 0) {
    /* an unbound worker runs where the process may */
    int n = 0;
    int *procs = malloc(sizeof(int) * (size_t)omp_max_procs);
    if (!procs) {
      snprintf(buf, size, "undefined");
      return;
    }
    for (int i = 0; i < omp_max_procs; i++)
      if (omp_avail[i])
        procs[n++] = i;
    omp_procs_string(procs, n, buf, size);
    free(procs);
    return;
  }
  omp_procs_string(omp_places[place].procs, omp_places[place].nprocs, buf, size);
}

/* An initial thread that asks about its affinity (omp_capture_affinity,
 * omp_display_affinity, the place queries) is bound first, as LLVM binds a
 * root thread at its first parallel region or affinity query. */
void omp_affinity_root_query(struct omp_thread *th) {
  if (omp_binding && th->is_root)
    omp_root_place(th);
}

/* ---- entry points --------------------------------------------------------------- */

OMP_EXPORT omp_proc_bind_t omp_get_proc_bind(void) {
  return (omp_proc_bind_t)omp_self()->task->icvs.proc_bind;
}

OMP_EXPORT int omp_get_num_places(void) {
  omp_runtime_init();
  return omp_nplaces;
}

OMP_EXPORT int omp_get_place_num_procs(int place_num) {
  omp_runtime_init();
  if (place_num < 0 || place_num >= omp_nplaces)
    return 0;
  return omp_places[place_num].nprocs;
}

OMP_EXPORT void omp_get_place_proc_ids(int place_num, int *ids) {
  omp_runtime_init();
  if (place_num < 0 || place_num >= omp_nplaces || !ids)
    return;
  memcpy(ids, omp_places[place_num].procs,
         sizeof(int) * (size_t)omp_places[place_num].nprocs);
}

OMP_EXPORT int omp_get_place_num(void) {
  struct omp_thread *th = omp_self();
  if (!omp_binding)
    return 0;
  return th->is_root ? omp_root_place(th) : th->place;
}

OMP_EXPORT int omp_get_partition_num_places(void) {
  struct omp_thread *th = omp_self();
  if (!omp_binding)
    return 1;
  omp_affinity_root_query(th);
  int first, last;
  omp_current_partition(th, &first, &last);
  return first <= last ? last - first + 1 : omp_nplaces - first + last + 1;
}

OMP_EXPORT void omp_get_partition_place_nums(int *place_nums) {
  struct omp_thread *th = omp_self();
  if (!place_nums)
    return;
  if (!omp_binding) {
    place_nums[0] = 0;
    return;
  }
  int first, last;
  omp_current_partition(th, &first, &last);
  for (int i = 0, p = first;; i++) {
    place_nums[i] = p;
    if (p == last)
      break;
    p = p == omp_nplaces - 1 ? 0 : p + 1;
  }
}

/* ---- KMP_HIDDEN_HELPER_AFFINITY ------------------------------------------------ */

/* The hidden helper threads' own places and policy (env_affinity.c reads
 * the variable, KMP_AFFINITY's syntax), built by the same code as the
 * team threads' and kept apart from them. */
static struct omp_place *omp_hh_places;
static int omp_hh_nplaces;
static int omp_hh_bind = omp_proc_bind_false;
static bool omp_hh_verbose;

void omp_affinity_hidden_helper_init(int bind, const char *places, bool verbose) {
  if (bind != omp_proc_bind_close && bind != omp_proc_bind_spread)
    return; /* none, disabled, or modifiers alone: helpers run unbound */
  if (!omp_avail)
    omp_read_process_mask();
  struct omp_place *team_places = omp_places;
  int team_nplaces = omp_nplaces;
  const char *team_shown = omp_places_shown;
  omp_places = NULL;
  omp_nplaces = 0;
  if (!omp_parse_abstract(places))
    omp_parse_explicit(places);
  omp_hh_places = omp_places;
  omp_hh_nplaces = omp_nplaces;
  omp_places = team_places;
  omp_nplaces = team_nplaces;
  omp_places_shown = team_shown;
  if (omp_hh_nplaces == 0) {
    omp_warn("KMP_HIDDEN_HELPER_AFFINITY: no place holds a processor available to this "
             "process; hidden helper threads run unbound");
    return;
  }
  omp_hh_bind = bind;
  omp_hh_verbose = verbose;
}

/* Hidden helper `index` of `count`, as it starts: true when bound to its
 * place (close packs consecutive helpers, spread spaces them out, as for
 * a team's threads), false when the variable asks for no binding. */
bool omp_affinity_bind_hidden_helper(int index, int count, int gtid) {
  if (omp_hh_nplaces == 0)
    return false;
  int place = count > omp_hh_nplaces || omp_hh_bind == omp_proc_bind_spread
                  ? (int)((long)index * omp_hh_nplaces / count)
                  : index;
  if (sched_setaffinity(0, omp_mask_size, omp_hh_places[place].mask) != 0) {
    omp_bind_failed(errno);
    return false;
  }
  if (omp_hh_verbose) {
    char procs[1024];
    omp_procs_string(omp_hh_places[place].procs, omp_hh_places[place].nprocs, procs,
                     sizeof(procs));
    /* LLVM 19's words, so logs compare. */
    fprintf(stderr, "OMP: Info #255: KMP_HIDDEN_HELPER_AFFINITY: pid %d tid %d thread %d "
                    "bound to OS proc set {%s}\n", (int)getpid(), (int)gettid(), gtid, procs);
  }
  return true;
}

/* Give the calling thread every processor the process started with:
 * threads that must not inherit the binding of the thread that created them
 * (the hidden helpers, made by whichever thread first needs them, which
 * may be the initial thread bound to place 0). */
void omp_affinity_unbind_self(void) {
  if (!omp_binding || !omp_avail)
    return;
  cpu_set_t *set = CPU_ALLOC((size_t)omp_max_procs);
  if (!set)
    return;
  CPU_ZERO_S(omp_mask_size, set);
  for (int i = 0; i < omp_max_procs; i++)
    if (omp_avail[i])
      CPU_SET_S((size_t)i, omp_mask_size, set);
  sched_setaffinity(0, omp_mask_size, set);
  CPU_FREE(set);
}
