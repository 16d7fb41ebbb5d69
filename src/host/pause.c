/* pause.c — omp_pause_resource, omp_pause_resource_all and
 * __kmpc_pause_resource: letting a program tell the runtime it will not use
 * OpenMP for a while.
 *
 * Where it sits: called by the program between parallel regions. The host
 * device is the initial device, whose number is the number of offload
 * devices (libomptarget's omp_get_initial_device when one is loaded, else 0);
 * other device numbers go to libomptarget's tgt_pause_resource, as LLVM does.
 *
 * What a pause releases on the host: nothing has to be torn down for the
 * next region to work, so the runtime stays usable after either kind.
 * Workers already sleep in the kernel once the blocktime has passed, so a
 * paused program spends no CPU on the runtime; the allocator layer caches no
 * memory, so there is none to return. Threads, hot teams and threadprivate
 * copies are kept (a hard pause may release them; keeping them is allowed,
 * and it avoids re-creating threads a later region would need).
 *
 * Return values follow LLVM where the specification leaves them open:
 * 0 on success; non-zero for an unknown kind, for a device that is neither
 * the host nor an offload device, and (OpenMP 5.2 §18.6) when called inside
 * a parallel, teams or explicit task region. omp_pause_resume (LLVM's value
 * 0) lifts a pause and fails when nothing is paused. Unlike LLVM, pausing an
 * already paused host succeeds: the state asked for already holds.
 */
#include <dlfcn.h>

#include "runtime.h"

#define OMP_PAUSE_STOP_TOOL 3 /* LLVM's kmp_stop_tool_paused (OpenMP 6.0) */
#define OMP_DEVICE_ALL (-11)  /* LLVM's KMP_DEVICE_ALL for libomptarget */

static _Atomic int omp_pause_state; /* omp_pause_resource_t in force */

/* The initial device's number as the program sees it. */
static int omp_host_device_num(void) {
  int (*initial_device)(void);
  *(void **)&initial_device = dlsym(RTLD_DEFAULT, "omp_get_initial_device");
  return initial_device ? initial_device() : 0;
}

/* Pauses are legal only where no region needs the threads. */
static bool omp_in_region(struct omp_thread *th) {
  return th->team->level > 0 || omp_enclosing_league(th, NULL) != NULL ||
         !th->task->implicit;
}

static int omp_pause_host(int kind) {
  struct omp_thread *th = omp_self();
  if (kind == omp_pause_resume) {
    int was = atomic_exchange(&omp_pause_state, omp_pause_resume);
    return was == omp_pause_resume ? 1 : 0;
  }
  if (kind != omp_pause_soft && kind != omp_pause_hard &&
      kind != OMP_PAUSE_STOP_TOOL)
    return 1;
  if (omp_in_region(th))
    return 1;
  atomic_store(&omp_pause_state, kind);
  return 0;
}

/* libomptarget's pause for offload devices, when it provides one. */
static int omp_pause_target(int kind, int device_num) {
  int (*tgt_pause)(int, int);
  *(void **)&tgt_pause = dlsym(RTLD_DEFAULT, "tgt_pause_resource");
  return tgt_pause ? tgt_pause(kind, device_num) : 1;
}

OMP_EXPORT int omp_pause_resource(omp_pause_resource_t kind, int device_num) {
  if (device_num == omp_host_device_num())
    return omp_pause_host((int)kind);
  if (device_num < 0)
    return 1;
  return omp_pause_target((int)kind, device_num);
}

OMP_EXPORT int omp_pause_resource_all(omp_pause_resource_t kind) {
  int fails = 0;
  int (*tgt_pause)(int, int);
  *(void **)&tgt_pause = dlsym(RTLD_DEFAULT, "tgt_pause_resource");
  if (tgt_pause)
    fails += tgt_pause((int)kind, OMP_DEVICE_ALL) != 0;
  fails += omp_pause_host((int)kind);
  return fails;
}

OMP_EXPORT int __kmpc_pause_resource(omp_pause_resource_t kind) {
  return omp_pause_host((int)kind);
}
