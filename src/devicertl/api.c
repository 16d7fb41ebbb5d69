/* api.c — the omp_* routines device code may call.
 *
 * Thread numbers and team sizes follow the binding rules for the only
 * shape we run: one active level at most (nested regions are serialized),
 * so an ancestor query answers from the hardware thread id at the active
 * level and 0 (one thread) at every inactive one.
 */
#include "devicertl.h"

int omp_get_level(void) { return (int)icv_get(ICV_LEVEL); }
int omp_get_active_level(void) { return (int)icv_get(ICV_ACTIVE_LEVEL); }
int omp_in_parallel(void) { return icv_get(ICV_ACTIVE_LEVEL) > 0; }

/* value at `level` if that level is the active one, `inactive` at inactive
 * levels and level 0, -1 beyond the current level. */
static int at_level(int level, int value, int inactive) {
  if (level == 0)
    return inactive;
  struct icv_state *icvs = current_icvs(); /* one lookup for both fields */
  if (level < 0 || (uint32_t)level > icv_read(icvs, ICV_LEVEL))
    return -1;
  if ((uint32_t)level != icv_read(icvs, ICV_ACTIVE_LEVEL))
    return inactive;
  return value;
}

int omp_get_ancestor_thread_num(int level) {
  return at_level(level, (int)hw_thread_id(), 0);
}
int omp_get_team_size(int level) {
  return at_level(level, (int)state_effective_team_size(), 1);
}
/* omp_get_ancestor_thread_num(omp_get_level()), with one lookup. */
int omp_get_thread_num(void) { return (int)current_thread_num(); }
int omp_get_num_threads(void) {
  int level = omp_get_level();
  return level != 1 ? 1 : (int)state_effective_team_size();
}

int omp_get_max_threads(void) {
  /* Inside a parallel region the next one would be nested: one thread. */
  if (omp_get_level() > 0)
    return 1;
  uint32_t wanted = icv_get(ICV_NTHREADS);
  uint32_t available = max_team_threads();
  return (int)(wanted && wanted < available ? wanted : available);
}
void omp_set_num_threads(int threads) { icv_set(ICV_NTHREADS, threads > 0 ? (uint32_t)threads : 0); }
int omp_get_thread_limit(void) { return (int)max_team_threads(); }

int omp_get_team_num(void) { return (int)hw_block_id(); }
int omp_get_num_teams(void) { return (int)hw_num_blocks(); }

int omp_get_dynamic(void) { return 0; }
void omp_set_dynamic(int dynamic) { (void)dynamic; }
int omp_get_nested(void) { return 0; }
void omp_set_nested(int nested) { (void)nested; }
int omp_get_max_active_levels(void) { return (int)icv_get(ICV_MAX_ACTIVE_LEVELS); }
void omp_set_max_active_levels(int levels) {
  /* Only one active level exists on the device. */
  icv_set(ICV_MAX_ACTIVE_LEVELS, levels > 0 ? 1u : 0u);
}

typedef enum omp_sched_t { omp_sched_static = 1 } omp_sched_t;
void omp_get_schedule(omp_sched_t *kind, int *chunk) {
  *kind = (omp_sched_t)icv_get(ICV_RUN_SCHED);
  *chunk = (int)icv_get(ICV_RUN_SCHED_CHUNK);
}
void omp_set_schedule(omp_sched_t kind, int chunk) {
  icv_set(ICV_RUN_SCHED, (uint32_t)kind);
  icv_set(ICV_RUN_SCHED_CHUNK, (uint32_t)chunk);
}

int omp_get_proc_bind(void) { return 0; /* omp_proc_bind_false */ }
int omp_get_num_places(void) { return 0; }
int omp_get_place_num_procs(int place) {
  (void)place;
  return 0;
}
int omp_get_place_num(void) { return -1; }
int omp_get_partition_num_places(void) { return 0; }
/* No places on the device: the arrays these fill have 0 elements. This file
 * is compiled without openmp-opt (CMakeLists.txt): it marks the array of a
 * known runtime routine writeonly, the optimiser marks the unused parameter
 * readnone, and the IR verifier refuses the pair. Plain definitions inline
 * to nothing, so a caller's array may stay in registers (they were optnone,
 * and a caller kept its array in local memory for the call). */
void omp_get_place_proc_ids(int place, int *ids) {
  (void)place;
  (void)ids;
}
void omp_get_partition_place_nums(int *place_nums) {
  (void)place_nums;
}
int omp_get_cancellation(void) { return 0; }
int omp_get_num_procs(void) { return (int)config_hardware_parallelism(); }

int omp_is_initial_device(void) { return 0; }
int omp_get_initial_device(void) { return -1; /* omp_initial_device */ }
int omp_get_device_num(void) { return (int)config_device_num(); }
int omp_get_num_devices(void) { return (int)config_num_devices(); }
int omp_get_default_device(void) { return -1; }
void omp_set_default_device(int device) { (void)device; }

/* The global timer counts nanoseconds on every NVIDIA GPU since Volta. */
double omp_get_wtime(void) { return (double)hw_global_time_ns() * 1e-9; }
double omp_get_wtick(void) { return 1e-9; }

DEVICE_CODE_END
