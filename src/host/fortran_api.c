/* fortran_api.c — the runtime library routines under their Fortran names.
 *
 * A Fortran program that calls omp_get_thread_num without a bind(c)
 * interface (GCC's omp_lib module, an omp_lib.h, or a plain `integer
 * omp_get_thread_num` declaration, by gfortran or flang) calls
 * omp_get_thread_num_, with Fortran's conventions:
 * - every argument by reference, except where the interface says VALUE
 *   (omp_fulfill_event's event);
 * - a character argument's length as a hidden size_t after all the others,
 *   the text blank-padded, not NUL-terminated;
 * - logicals as integers of their kind (4 or 8 bytes), true when nonzero.
 * LLVM's libomp exports these names (kmp_ftn_entry.h built a second time),
 * so ours does, each a thin layer over the C entry point.
 *
 * Where LLVM 19 reads an argument by value under the Fortran name
 * (omp_get_place_num_procs_, omp_get_place_proc_ids_, omp_pause_resource_,
 * omp_destroy_allocator_, omp_set_default_allocator_, omp_display_env_,
 * kmp_get_cancellation_status_), ours reads it by reference, as libgomp
 * does: every caller of the trailing-underscore name passes one, and LLVM
 * reads the address as the value (gfortran's omp_get_place_num_procs(0)
 * answers 0 there). The interop queries have no Fortran interface in
 * OpenMP 5.2; their names here take what LLVM's take, C's values.
 *
 * GCC's omp_lib also has *_8 forms of the routines with integer arguments,
 * for programs built with -fdefault-integer-8; LLVM lacks them, ours has
 * them (config/x86_64/gomp_versions.S also exports them at GCC's nodes).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* kmp_ext.c's and cancel.c's, which omp.h does not declare */
int kmp_get_cancellation_status(int kind);
int kmp_get_num_known_threads(void);

/* An integer(8) argument of a *_8 routine, clamped to int as libgomp does. */
static int omp_clamp_int(int64_t value) {
  return value < INT_MIN ? INT_MIN : value > INT_MAX ? INT_MAX : (int)value;
}

/* ---- threads, teams, nesting --------------------------------------------- */

OMP_EXPORT void omp_set_num_threads_(const int32_t *n) { omp_set_num_threads(*n); }
OMP_EXPORT void omp_set_num_threads_8_(const int64_t *n) {
  omp_set_num_threads(omp_clamp_int(*n));
}
OMP_EXPORT int omp_get_num_threads_(void) { return omp_get_num_threads(); }
OMP_EXPORT int omp_get_max_threads_(void) { return omp_get_max_threads(); }
OMP_EXPORT int omp_get_thread_num_(void) { return omp_get_thread_num(); }
OMP_EXPORT int omp_get_num_procs_(void) { return omp_get_num_procs(); }
OMP_EXPORT int omp_in_parallel_(void) { return omp_in_parallel(); }
OMP_EXPORT int omp_in_final_(void) { return omp_in_final(); }
OMP_EXPORT int omp_in_explicit_task_(void) { return omp_in_explicit_task(); }

OMP_EXPORT void omp_set_dynamic_(const int32_t *flag) { omp_set_dynamic(*flag != 0); }
OMP_EXPORT void omp_set_dynamic_8_(const int64_t *flag) { omp_set_dynamic(*flag != 0); }
OMP_EXPORT int omp_get_dynamic_(void) { return omp_get_dynamic(); }

OMP_EXPORT void omp_set_nested_(const int32_t *flag) { omp_set_nested(*flag != 0); }
OMP_EXPORT void omp_set_nested_8_(const int64_t *flag) { omp_set_nested(*flag != 0); }
OMP_EXPORT int omp_get_nested_(void) { return omp_get_nested(); }

OMP_EXPORT void omp_set_schedule_(const int32_t *kind, const int32_t *chunk) {
  omp_set_schedule((omp_sched_t)*kind, *chunk);
}
OMP_EXPORT void omp_set_schedule_8_(const int32_t *kind, const int64_t *chunk) {
  omp_set_schedule((omp_sched_t)*kind, omp_clamp_int(*chunk));
}
OMP_EXPORT void omp_get_schedule_(int32_t *kind, int32_t *chunk) {
  omp_sched_t sched;
  int size;
  omp_get_schedule(&sched, &size);
  *kind = (int32_t)sched;
  *chunk = size;
}
OMP_EXPORT void omp_get_schedule_8_(int32_t *kind, int64_t *chunk) {
  int32_t size;
  omp_get_schedule_(kind, &size);
  *chunk = size;
}

OMP_EXPORT int omp_get_thread_limit_(void) { return omp_get_thread_limit(); }
OMP_EXPORT void omp_set_max_active_levels_(const int32_t *levels) {
  omp_set_max_active_levels(*levels);
}
OMP_EXPORT void omp_set_max_active_levels_8_(const int64_t *levels) {
  omp_set_max_active_levels(omp_clamp_int(*levels));
}
OMP_EXPORT int omp_get_max_active_levels_(void) { return omp_get_max_active_levels(); }
OMP_EXPORT int omp_get_supported_active_levels_(void) {
  return omp_get_supported_active_levels();
}
OMP_EXPORT int omp_get_level_(void) { return omp_get_level(); }
OMP_EXPORT int omp_get_active_level_(void) { return omp_get_active_level(); }
OMP_EXPORT int omp_get_ancestor_thread_num_(const int32_t *level) {
  return omp_get_ancestor_thread_num(*level);
}
OMP_EXPORT int omp_get_ancestor_thread_num_8_(const int64_t *level) {
  return omp_get_ancestor_thread_num(omp_clamp_int(*level));
}
OMP_EXPORT int omp_get_team_size_(const int32_t *level) { return omp_get_team_size(*level); }
OMP_EXPORT int omp_get_team_size_8_(const int64_t *level) {
  return omp_get_team_size(omp_clamp_int(*level));
}

OMP_EXPORT int omp_get_num_teams_(void) { return omp_get_num_teams(); }
OMP_EXPORT int omp_get_team_num_(void) { return omp_get_team_num(); }
OMP_EXPORT void omp_set_num_teams_(const int32_t *n) { omp_set_num_teams(*n); }
OMP_EXPORT void omp_set_num_teams_8_(const int64_t *n) { omp_set_num_teams(omp_clamp_int(*n)); }
OMP_EXPORT int omp_get_max_teams_(void) { return omp_get_max_teams(); }
OMP_EXPORT void omp_set_teams_thread_limit_(const int32_t *limit) {
  omp_set_teams_thread_limit(*limit);
}
OMP_EXPORT void omp_set_teams_thread_limit_8_(const int64_t *limit) {
  omp_set_teams_thread_limit(omp_clamp_int(*limit));
}
OMP_EXPORT int omp_get_teams_thread_limit_(void) { return omp_get_teams_thread_limit(); }

OMP_EXPORT int omp_get_cancellation_(void) { return omp_get_cancellation(); }
OMP_EXPORT int omp_get_max_task_priority_(void) { return omp_get_max_task_priority(); }
OMP_EXPORT void omp_fulfill_event_(omp_event_handle_t event) { omp_fulfill_event(event); }

OMP_EXPORT double omp_get_wtime_(void) { return omp_get_wtime(); }
OMP_EXPORT double omp_get_wtick_(void) { return omp_get_wtick(); }

/* ---- places and binding --------------------------------------------------- */

OMP_EXPORT int omp_get_proc_bind_(void) { return (int)omp_get_proc_bind(); }
OMP_EXPORT int omp_get_num_places_(void) { return omp_get_num_places(); }
OMP_EXPORT int omp_get_place_num_procs_(const int32_t *place) {
  return omp_get_place_num_procs(*place);
}
OMP_EXPORT int omp_get_place_num_procs_8_(const int64_t *place) {
  return omp_get_place_num_procs(omp_clamp_int(*place));
}
OMP_EXPORT void omp_get_place_proc_ids_(const int32_t *place, int32_t *ids) {
  omp_get_place_proc_ids(*place, ids);
}
/* The *_8 forms of the routines that fill an array: fill(argument, ints)
 * writes `count` ints, which are widened into `out`. */
static void omp_fill_widened(int64_t *out, int count, void (*fill)(int, int *), int argument,
                             const char *routine) {
  if (count <= 0)
    return;
  int *ints = malloc(sizeof(int) * (size_t)count);
  if (!ints)
    omp_fatal(NULL, "out of memory in %s", routine);
  fill(argument, ints);
  for (int i = 0; i < count; i++)
    out[i] = ints[i];
  free(ints);
}

static void omp_fill_partition(int unused, int *places) {
  (void)unused;
  omp_get_partition_place_nums(places);
}

OMP_EXPORT void omp_get_place_proc_ids_8_(const int64_t *place, int64_t *ids) {
  int place_num = omp_clamp_int(*place);
  omp_fill_widened(ids, omp_get_place_num_procs(place_num), omp_get_place_proc_ids, place_num,
                   "omp_get_place_proc_ids");
}
OMP_EXPORT int omp_get_place_num_(void) { return omp_get_place_num(); }
OMP_EXPORT int omp_get_partition_num_places_(void) { return omp_get_partition_num_places(); }
OMP_EXPORT void omp_get_partition_place_nums_(int32_t *places) {
  omp_get_partition_place_nums(places);
}
OMP_EXPORT void omp_get_partition_place_nums_8_(int64_t *places) {
  omp_fill_widened(places, omp_get_partition_num_places(), omp_fill_partition, 0,
                   "omp_get_partition_place_nums");
}

/* ---- devices ------------------------------------------------------------- */

OMP_EXPORT void omp_set_default_device_(const int32_t *device) {
  omp_set_default_device(*device);
}
OMP_EXPORT void omp_set_default_device_8_(const int64_t *device) {
  omp_set_default_device(omp_clamp_int(*device));
}
OMP_EXPORT int omp_get_default_device_(void) { return omp_get_default_device(); }
OMP_EXPORT int omp_get_num_devices_(void) { return omp_get_num_devices(); }
OMP_EXPORT int omp_get_device_num_(void) { return omp_get_device_num(); }
OMP_EXPORT int omp_get_initial_device_(void) { return omp_get_initial_device(); }
OMP_EXPORT int omp_is_initial_device_(void) { return omp_is_initial_device(); }

OMP_EXPORT int omp_pause_resource_(const int32_t *kind, const int32_t *device) {
  return omp_pause_resource((omp_pause_resource_t)*kind, *device);
}
OMP_EXPORT int omp_pause_resource_all_(const int32_t *kind) {
  return omp_pause_resource_all((omp_pause_resource_t)*kind);
}

OMP_EXPORT int omp_get_num_interop_properties_(const omp_interop_t interop) {
  return omp_get_num_interop_properties(interop);
}
OMP_EXPORT omp_intptr_t omp_get_interop_int_(const omp_interop_t interop,
                                             omp_interop_property_t property, int *rc) {
  return omp_get_interop_int(interop, property, rc);
}
OMP_EXPORT void *omp_get_interop_ptr_(const omp_interop_t interop,
                                      omp_interop_property_t property, int *rc) {
  return omp_get_interop_ptr(interop, property, rc);
}
OMP_EXPORT const char *omp_get_interop_str_(const omp_interop_t interop,
                                            omp_interop_property_t property, int *rc) {
  return omp_get_interop_str(interop, property, rc);
}
OMP_EXPORT const char *omp_get_interop_name_(const omp_interop_t interop,
                                             omp_interop_property_t property) {
  return omp_get_interop_name(interop, property);
}
OMP_EXPORT const char *omp_get_interop_type_desc_(const omp_interop_t interop,
                                                  omp_interop_property_t property) {
  return omp_get_interop_type_desc(interop, property);
}
OMP_EXPORT const char *omp_get_interop_rc_desc_(const omp_interop_t interop,
                                                omp_interop_rc_t rc) {
  return omp_get_interop_rc_desc(interop, rc);
}

/* ---- locks ----------------------------------------------------------------
 * The lock variable is the Fortran integer itself: 4 bytes for GCC's
 * omp_lock_kind, 8 for LLVM's, and lock.c writes only the first 4 for a
 * simple lock; a nestable lock holds a pointer (omp_nest_lock_kind is 8
 * in both). A hint is read as its low 4 bytes, so an omp_sync_hint_kind of
 * 4 (GCC's) or 8 bytes reads the same. */

OMP_EXPORT void omp_init_lock_(omp_lock_t *lock) { omp_init_lock(lock); }
OMP_EXPORT void omp_init_lock_with_hint_(omp_lock_t *lock, const int32_t *hint) {
  omp_init_lock_with_hint(lock, (omp_sync_hint_t)*hint);
}
OMP_EXPORT void omp_destroy_lock_(omp_lock_t *lock) { omp_destroy_lock(lock); }
OMP_EXPORT void omp_set_lock_(omp_lock_t *lock) { omp_set_lock(lock); }
OMP_EXPORT void omp_unset_lock_(omp_lock_t *lock) { omp_unset_lock(lock); }
OMP_EXPORT int omp_test_lock_(omp_lock_t *lock) { return omp_test_lock(lock); }
OMP_EXPORT void omp_init_nest_lock_(omp_nest_lock_t *lock) { omp_init_nest_lock(lock); }
OMP_EXPORT void omp_init_nest_lock_with_hint_(omp_nest_lock_t *lock, const int32_t *hint) {
  omp_init_nest_lock_with_hint(lock, (omp_sync_hint_t)*hint);
}
OMP_EXPORT void omp_destroy_nest_lock_(omp_nest_lock_t *lock) { omp_destroy_nest_lock(lock); }
OMP_EXPORT void omp_set_nest_lock_(omp_nest_lock_t *lock) { omp_set_nest_lock(lock); }
OMP_EXPORT void omp_unset_nest_lock_(omp_nest_lock_t *lock) { omp_unset_nest_lock(lock); }
OMP_EXPORT int omp_test_nest_lock_(omp_nest_lock_t *lock) { return omp_test_nest_lock(lock); }

/* ---- allocators ----------------------------------------------------------- */

OMP_EXPORT omp_allocator_handle_t omp_init_allocator_(const omp_memspace_handle_t *memspace,
                                                      const int32_t *ntraits,
                                                      omp_alloctrait_t traits[]) {
  return omp_init_allocator(*memspace, *ntraits, traits);
}
OMP_EXPORT omp_allocator_handle_t omp_init_allocator_8_(const omp_memspace_handle_t *memspace,
                                                        const int64_t *ntraits,
                                                        omp_alloctrait_t traits[]) {
  return omp_init_allocator(*memspace, omp_clamp_int(*ntraits), traits);
}
OMP_EXPORT void omp_destroy_allocator_(const omp_allocator_handle_t *allocator) {
  omp_destroy_allocator(*allocator);
}
OMP_EXPORT void omp_set_default_allocator_(const omp_allocator_handle_t *allocator) {
  omp_set_default_allocator(*allocator);
}
OMP_EXPORT omp_allocator_handle_t omp_get_default_allocator_(void) {
  return omp_get_default_allocator();
}

/* ---- character arguments --------------------------------------------------- */

/* Memory for `length` characters and a NUL, which the caller frees. */
static char *omp_fortran_scratch(size_t length, const char *routine) {
  char *text = malloc(length + 1);
  if (!text)
    omp_fatal(NULL, "out of memory in %s", routine);
  return text;
}

/* A Fortran string as a C one, in memory the caller frees. */
static char *omp_fortran_string(const char *text, size_t length, const char *routine) {
  char *copy = omp_fortran_scratch(length, routine);
  memcpy(copy, text, length);
  copy[length] = '\0';
  return copy;
}

/* A C string of at most `size` characters into a Fortran buffer of that
 * size, blank-padded after it. */
static void omp_fortran_store(char *buffer, size_t size, const char *text) {
  size_t stored = strlen(text);
  memcpy(buffer, text, stored);
  memset(buffer + stored, ' ', size - stored);
}

/* The routines that return text: the C routine writes into `size` + 1
 * bytes (its text truncated to `size` characters, a NUL after), once; the
 * result is the whole text's length, as for C, whatever fitted. */

OMP_EXPORT void omp_set_affinity_format_(const char *format, size_t length) {
  char *text = omp_fortran_string(format, length, "omp_set_affinity_format");
  omp_set_affinity_format(text);
  free(text);
}

OMP_EXPORT size_t omp_get_affinity_format_(char *buffer, size_t size) {
  if (!buffer)
    size = 0;
  char *text = omp_fortran_scratch(size, "omp_get_affinity_format");
  size_t needed = omp_get_affinity_format(text, size + 1);
  if (size)
    omp_fortran_store(buffer, size, text);
  free(text);
  return needed;
}

OMP_EXPORT void omp_display_affinity_(const char *format, size_t length) {
  char *text = omp_fortran_string(format, length, "omp_display_affinity");
  omp_display_affinity(text);
  free(text);
}

OMP_EXPORT size_t omp_capture_affinity_(char *buffer, const char *format, size_t size,
                                        size_t format_length) {
  if (!buffer)
    size = 0;
  char *text = omp_fortran_string(format, format_length, "omp_capture_affinity");
  char *line = omp_fortran_scratch(size, "omp_capture_affinity");
  size_t needed = omp_capture_affinity(line, size + 1, text);
  if (size)
    omp_fortran_store(buffer, size, line);
  free(line);
  free(text);
  return needed;
}

OMP_EXPORT void omp_display_env_(const int32_t *verbose) { omp_display_env(*verbose != 0); }
OMP_EXPORT void omp_display_env_8_(const int64_t *verbose) { omp_display_env(*verbose != 0); }

OMP_EXPORT int omp_control_tool_(const int32_t *command, const int32_t *modifier, void *arg) {
  return omp_control_tool(*command, *modifier, arg);
}

/* ---- LLVM's kmp_* extensions ----------------------------------------------- */

OMP_EXPORT void kmp_set_stacksize_(const int32_t *size) { kmp_set_stacksize(*size); }
OMP_EXPORT void kmp_set_stacksize_s_(const size_t *size) { kmp_set_stacksize_s(*size); }
OMP_EXPORT int kmp_get_stacksize_(void) { return kmp_get_stacksize(); }
OMP_EXPORT size_t kmp_get_stacksize_s_(void) { return kmp_get_stacksize_s(); }
OMP_EXPORT void kmp_set_blocktime_(const int32_t *ms) { kmp_set_blocktime(*ms); }
OMP_EXPORT int kmp_get_blocktime_(void) { return kmp_get_blocktime(); }
OMP_EXPORT void kmp_set_library_serial_(void) { kmp_set_library_serial(); }
OMP_EXPORT void kmp_set_library_turnaround_(void) { kmp_set_library_turnaround(); }
OMP_EXPORT void kmp_set_library_throughput_(void) { kmp_set_library_throughput(); }
OMP_EXPORT void kmp_set_library_(const int32_t *mode) { kmp_set_library(*mode); }
OMP_EXPORT int kmp_get_library_(void) { return kmp_get_library(); }
OMP_EXPORT void kmp_set_disp_num_buffers_(const int32_t *n) { kmp_set_disp_num_buffers(*n); }
OMP_EXPORT int kmp_get_num_known_threads_(void) { return kmp_get_num_known_threads(); }
OMP_EXPORT void kmp_set_warnings_on_(void) { kmp_set_warnings_on(); }
OMP_EXPORT void kmp_set_warnings_off_(void) { kmp_set_warnings_off(); }
OMP_EXPORT int kmp_get_cancellation_status_(const int32_t *kind) {
  return kmp_get_cancellation_status(*kind);
}

/* LLVM takes the hidden length as an int here; on x86_64 the register
 * holds GCC's size_t the same way. */
OMP_EXPORT void kmp_set_defaults_(const char *text, size_t length) {
  char *copy = omp_fortran_string(text, length, "kmp_set_defaults");
  kmp_set_defaults(copy);
  free(copy);
}

OMP_EXPORT void *kmp_malloc_(const size_t *size) { return kmp_malloc(*size); }
OMP_EXPORT void *kmp_aligned_malloc_(const size_t *size, const size_t *alignment) {
  return kmp_aligned_malloc(*size, *alignment);
}
OMP_EXPORT void *kmp_calloc_(const size_t *count, const size_t *size) {
  return kmp_calloc(*count, *size);
}
OMP_EXPORT void *kmp_realloc_(void *const *ptr, const size_t *size) {
  return kmp_realloc(*ptr, *size);
}
OMP_EXPORT void kmp_free_(void *const *ptr) { kmp_free(*ptr); }

OMP_EXPORT int kmp_set_affinity_(kmp_affinity_mask_t *mask) { return kmp_set_affinity(mask); }
OMP_EXPORT int kmp_get_affinity_(kmp_affinity_mask_t *mask) { return kmp_get_affinity(mask); }
OMP_EXPORT int kmp_get_affinity_max_proc_(void) { return kmp_get_affinity_max_proc(); }
OMP_EXPORT void kmp_create_affinity_mask_(kmp_affinity_mask_t *mask) {
  kmp_create_affinity_mask(mask);
}
OMP_EXPORT void kmp_destroy_affinity_mask_(kmp_affinity_mask_t *mask) {
  kmp_destroy_affinity_mask(mask);
}
OMP_EXPORT int kmp_set_affinity_mask_proc_(const int32_t *proc, kmp_affinity_mask_t *mask) {
  return kmp_set_affinity_mask_proc(*proc, mask);
}
OMP_EXPORT int kmp_unset_affinity_mask_proc_(const int32_t *proc, kmp_affinity_mask_t *mask) {
  return kmp_unset_affinity_mask_proc(*proc, mask);
}
OMP_EXPORT int kmp_get_affinity_mask_proc_(const int32_t *proc, kmp_affinity_mask_t *mask) {
  return kmp_get_affinity_mask_proc(*proc, mask);
}
