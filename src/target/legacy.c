/* legacy.c — the entry points of compilers before clang 16 (and of
 * hand-written callers), which LLVM 19 still exports under VERS1.0:
 *
 *  - __tgt_target_data_{begin,end,update}[_nowait]: the _mapper forms with
 *    no source location, names or mappers;
 *  - __tgt_target[_teams][_nowait][_mapper]: a kernel launch with its
 *    arguments as separate parameters, turned into the KernelArgsTy that
 *    LLVM 19 makes of them (version 1, upgraded to 2: no trip count, no
 *    flags, one team unless a teams region says otherwise, no launch
 *    environment — such kernels predate it);
 *  - __tgt_rtl_init / __tgt_rtl_deinit.
 *
 * The _nowait forms are synchronous, as in LLVM 19: the old compilers call
 * them inside the target task, which already resolved the dependences; the
 * dependence lists are not read.
 */
#include "target.h"

/* interface.c, kernel.c */
void __tgt_target_data_begin_mapper(ident_t *loc, int64_t device_id, int32_t n,
                                    void **bases, void **begins, int64_t *sizes,
                                    int64_t *types, void **names, void **mappers);
void __tgt_target_data_end_mapper(ident_t *loc, int64_t device_id, int32_t n, void **bases,
                                  void **begins, int64_t *sizes, int64_t *types,
                                  void **names, void **mappers);
void __tgt_target_data_update_mapper(ident_t *loc, int64_t device_id, int32_t n,
                                     void **bases, void **begins, int64_t *sizes,
                                     int64_t *types, void **names, void **mappers);
int __tgt_target_kernel(ident_t *loc, int64_t device_id, int32_t num_teams,
                        int32_t thread_limit, void *host_ptr, KernelArgsTy *args);

/* ---- data ------------------------------------------------------------------------ */

/* __tgt_target_data_<kind>(device, n, bases, begins, sizes, types) and
 * __tgt_target_data_<kind>_nowait(..., dep_num, deps, noalias_num,
 * noalias), for kind begin, end and update. */
#define TGT_LEGACY_DATA(kind)                                                            \
  TGT_EXPORT void __tgt_target_data_##kind(int64_t device_id, int32_t n, void **bases,   \
                                           void **begins, int64_t *sizes,               \
                                           int64_t *types) {                            \
    __tgt_target_data_##kind##_mapper(NULL, device_id, n, bases, begins, sizes, types,  \
                                      NULL, NULL);                                      \
  }                                                                                      \
  TGT_EXPORT void __tgt_target_data_##kind##_nowait(                                     \
      int64_t device_id, int32_t n, void **bases, void **begins, int64_t *sizes,         \
      int64_t *types, int32_t dep_num, void *deps, int32_t noalias_num, void *noalias) { \
    __tgt_target_data_##kind(device_id, n, bases, begins, sizes, types);                 \
  }

TGT_LEGACY_DATA(begin)
TGT_LEGACY_DATA(end)
TGT_LEGACY_DATA(update)

/* ---- kernels --------------------------------------------------------------------- */

/* num_teams -1: a target region without teams (one team); thread_limit -1
 * or 0: none given. Returns 0 when the region ran on the device, non-zero
 * when the caller must run its host version. The other forms come here. */
TGT_EXPORT int __tgt_target_teams_mapper(ident_t *loc, int64_t device_id, void *host_ptr,
                                         uint32_t n, void **bases, void **begins,
                                         int64_t *sizes, int64_t *types, void **names,
                                         void **mappers, int32_t num_teams,
                                         int32_t thread_limit) {
  if (num_teams == -1)
    num_teams = 1;
  KernelArgsTy args = {
      .Version = 2, /* no launch environment argument */
      .NumArgs = n,
      .ArgBasePtrs = bases,
      .ArgPtrs = begins,
      .ArgSizes = sizes,
      .ArgTypes = types,
      .ArgNames = names,
      .ArgMappers = mappers,
      .NumTeams = {(uint32_t)num_teams, 0, 0},
      .ThreadLimit = {(uint32_t)thread_limit, 0, 0},
  };
  return __tgt_target_kernel(loc, device_id, num_teams, thread_limit, host_ptr, &args);
}

TGT_EXPORT int __tgt_target_mapper(ident_t *loc, int64_t device_id, void *host_ptr,
                                   uint32_t n, void **bases, void **begins, int64_t *sizes,
                                   int64_t *types, void **names, void **mappers) {
  return __tgt_target_teams_mapper(loc, device_id, host_ptr, n, bases, begins, sizes, types,
                                   names, mappers, -1, -1);
}

TGT_EXPORT int __tgt_target(int64_t device_id, void *host_ptr, int32_t n, void **bases,
                            void **begins, int64_t *sizes, int64_t *types) {
  return __tgt_target_mapper(NULL, device_id, host_ptr, (uint32_t)n, bases, begins, sizes,
                             types, NULL, NULL);
}

TGT_EXPORT int __tgt_target_teams(int64_t device_id, void *host_ptr, int32_t n,
                                  void **bases, void **begins, int64_t *sizes,
                                  int64_t *types, int32_t num_teams, int32_t thread_limit) {
  return __tgt_target_teams_mapper(NULL, device_id, host_ptr, (uint32_t)n, bases, begins,
                                   sizes, types, NULL, NULL, num_teams, thread_limit);
}

/* The _nowait forms: synchronous, dependence lists unread (see the top). */
TGT_EXPORT int __tgt_target_nowait(int64_t device_id, void *host_ptr, int32_t n,
                                   void **bases, void **begins, int64_t *sizes,
                                   int64_t *types, int32_t dep_num, void *deps,
                                   int32_t noalias_num, void *noalias) {
  return __tgt_target(device_id, host_ptr, n, bases, begins, sizes, types);
}

TGT_EXPORT int __tgt_target_nowait_mapper(ident_t *loc, int64_t device_id, void *host_ptr,
                                          int32_t n, void **bases, void **begins,
                                          int64_t *sizes, int64_t *types, void **names,
                                          void **mappers, int32_t dep_num, void *deps,
                                          int32_t noalias_num, void *noalias) {
  return __tgt_target_mapper(loc, device_id, host_ptr, (uint32_t)n, bases, begins, sizes,
                             types, names, mappers);
}

TGT_EXPORT int __tgt_target_teams_nowait(int64_t device_id, void *host_ptr, int32_t n,
                                         void **bases, void **begins, int64_t *sizes,
                                         int64_t *types, int32_t num_teams,
                                         int32_t thread_limit, int32_t dep_num, void *deps,
                                         int32_t noalias_num, void *noalias) {
  return __tgt_target_teams(device_id, host_ptr, n, bases, begins, sizes, types, num_teams,
                            thread_limit);
}

TGT_EXPORT int __tgt_target_teams_nowait_mapper(
    ident_t *loc, int64_t device_id, void *host_ptr, int32_t n, void **bases, void **begins,
    int64_t *sizes, int64_t *types, void **names, void **mappers, int32_t num_teams,
    int32_t thread_limit, int32_t dep_num, void *deps, int32_t noalias_num, void *noalias) {
  return __tgt_target_teams_mapper(loc, device_id, host_ptr, (uint32_t)n, bases, begins,
                                   sizes, types, names, mappers, num_teams, thread_limit);
}

/* ---- runtime lifetime ------------------------------------------------------------- */

/* LLVM 19 counts these (as it counts registered programs) and tears its
 * runtime down at the last release. Ours starts once and stays until the
 * process exits, as it does after the last __tgt_unregister_lib: a release
 * frees nothing, and a later __tgt_rtl_init finds it ready. */
TGT_EXPORT void __tgt_rtl_init(void) { tgt_init(); }

TGT_EXPORT void __tgt_rtl_deinit(void) {}
