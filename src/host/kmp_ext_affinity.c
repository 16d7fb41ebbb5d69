/* kmp_ext_affinity.c — LLVM's kmp_*affinity* routines: a program builds an
 * OS processor mask and binds the calling thread to it directly, outside the
 * OpenMP places machinery (affinity.c).
 *
 * A kmp_affinity_mask_t holds a pointer to a cpu_set_t sized for every
 * processor the machine has. Processors are checked against the set the
 * process was allowed to run on when the library was loaded (LLVM's "full
 * mask", read before any OpenMP binding). Return codes as LLVM 19:
 * 0 success, -1 a processor number outside [0, kmp_get_affinity_max_proc()),
 * -2 a processor the process may not use, an errno value when the system
 * call fails; -1 from everything when affinity is not available.
 */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include "runtime.h"

static cpu_set_t *omp_full_mask;  /* NULL: affinity not available */
static int omp_max_proc;          /* processor ids are below this */
static size_t omp_mask_bytes;     /* CPU_ALLOC_SIZE(omp_max_proc) */

/* Runs when the library is loaded, before main and before affinity.c may
 * bind the initial thread to a place. */
__attribute__((constructor)) static void omp_ext_read_full_mask(void) {
  long configured = sysconf(_SC_NPROCESSORS_CONF);
  int capacity = configured > CPU_SETSIZE ? (int)configured : CPU_SETSIZE;
  for (;;) {
    cpu_set_t *set = CPU_ALLOC((size_t)capacity);
    size_t bytes = CPU_ALLOC_SIZE((size_t)capacity);
    if (!set)
      return;
    if (sched_getaffinity(0, bytes, set) == 0) {
      int highest = -1;
      for (int id = 0; id < capacity; id++)
        if (CPU_ISSET_S((size_t)id, bytes, set))
          highest = id;
      omp_max_proc = configured > highest ? (int)configured : highest + 1;
      omp_mask_bytes = CPU_ALLOC_SIZE((size_t)omp_max_proc);
      if (omp_mask_bytes > bytes)
        omp_mask_bytes = bytes;
      omp_full_mask = set;
      return;
    }
    CPU_FREE(set);
    if (errno != EINVAL || capacity > (1 << 20))
      return;
    capacity *= 2; /* the kernel's mask is larger than we asked for */
  }
}

static cpu_set_t *omp_mask_of(kmp_affinity_mask_t *mask, const char *routine) {
  if (!mask || !*mask)
    omp_fatal(NULL, "%s: invalid affinity mask (not created by "
                    "kmp_create_affinity_mask)", routine);
  return *mask;
}

/* -1: not a processor number of this machine; -2: one the process may not
 * use; 0: usable. */
static int omp_check_proc(int proc) {
  if (proc < 0 || proc >= omp_max_proc)
    return -1;
  if (!CPU_ISSET_S((size_t)proc, omp_mask_bytes, omp_full_mask))
    return -2;
  return 0;
}

OMP_EXPORT void kmp_create_affinity_mask(kmp_affinity_mask_t *mask) {
  if (!omp_full_mask) {
    *mask = NULL;
    return;
  }
  cpu_set_t *set = CPU_ALLOC((size_t)omp_max_proc);
  if (!set)
    omp_fatal(NULL, "out of memory in kmp_create_affinity_mask");
  CPU_ZERO_S(omp_mask_bytes, set);
  *mask = set;
}

OMP_EXPORT void kmp_destroy_affinity_mask(kmp_affinity_mask_t *mask) {
  if (!omp_full_mask)
    return;
  CPU_FREE(omp_mask_of(mask, "kmp_destroy_affinity_mask"));
  *mask = NULL;
}

OMP_EXPORT int kmp_get_affinity_max_proc(void) {
  return omp_full_mask ? omp_max_proc : 0;
}

static int omp_set_mask_proc(int proc, kmp_affinity_mask_t *mask, bool value,
                             const char *routine) {
  if (!omp_full_mask)
    return -1;
  cpu_set_t *set = omp_mask_of(mask, routine);
  int rc = omp_check_proc(proc);
  if (rc != 0)
    return rc;
  if (value)
    CPU_SET_S((size_t)proc, omp_mask_bytes, set);
  else
    CPU_CLR_S((size_t)proc, omp_mask_bytes, set);
  return 0;
}

/* 1 if proc is in the mask, 0 if not (or the process may not use it). */
static int omp_get_mask_proc(int proc, kmp_affinity_mask_t *mask) {
  if (!omp_full_mask)
    return -1;
  cpu_set_t *set = omp_mask_of(mask, "kmp_get_affinity_mask_proc");
  int rc = omp_check_proc(proc);
  if (rc == -1)
    return -1;
  return rc == 0 && CPU_ISSET_S((size_t)proc, omp_mask_bytes, set);
}

OMP_EXPORT int kmp_set_affinity_mask_proc(int proc, kmp_affinity_mask_t *mask) {
  return omp_set_mask_proc(proc, mask, true, "kmp_set_affinity_mask_proc");
}
OMP_EXPORT int kmp_unset_affinity_mask_proc(int proc, kmp_affinity_mask_t *mask) {
  return omp_set_mask_proc(proc, mask, false, "kmp_unset_affinity_mask_proc");
}
OMP_EXPORT int kmp_get_affinity_mask_proc(int proc, kmp_affinity_mask_t *mask) {
  return omp_get_mask_proc(proc, mask);
}
OMP_EXPORT int kmpc_set_affinity_mask_proc(int proc, kmp_affinity_mask_t *mask) {
  return omp_set_mask_proc(proc, mask, true, "kmpc_set_affinity_mask_proc");
}
OMP_EXPORT int kmpc_unset_affinity_mask_proc(int proc, kmp_affinity_mask_t *mask) {
  return omp_set_mask_proc(proc, mask, false, "kmpc_unset_affinity_mask_proc");
}
OMP_EXPORT int kmpc_get_affinity_mask_proc(int proc, kmp_affinity_mask_t *mask) {
  return omp_get_mask_proc(proc, mask);
}

/* Bind the calling thread to the mask. As in LLVM the thread then leaves
 * the OpenMP binding policy: bind-var of its current task becomes false, so
 * regions it starts do not move it again. */
OMP_EXPORT int kmp_set_affinity(kmp_affinity_mask_t *mask) {
  if (!omp_full_mask)
    return -1;
  cpu_set_t *set = omp_mask_of(mask, "kmp_set_affinity");
  struct omp_thread *th = omp_self();
  int rc = sched_setaffinity(0, omp_mask_bytes, set) == 0 ? 0 : errno;
  th->task->icvs.proc_bind = omp_proc_bind_false;
  return rc;
}

/* The calling thread's current OS binding. */
OMP_EXPORT int kmp_get_affinity(kmp_affinity_mask_t *mask) {
  if (!omp_full_mask)
    return -1;
  cpu_set_t *set = omp_mask_of(mask, "kmp_get_affinity");
  omp_self();
  return sched_getaffinity(0, omp_mask_bytes, set) == 0 ? 0 : errno;
}

/* Give the calling OpenMP thread every processor the process started with;
 * -1 for a thread the runtime does not know. */
OMP_EXPORT int kmp_set_thread_affinity_mask_initial(void) {
  if (!omp_full_mask || omp_self_tls == NULL)
    return -1;
  return sched_setaffinity(0, omp_mask_bytes, omp_full_mask) == 0 ? 0 : errno;
}

