/* interface.c — the target data entry points clang-19 calls:
 * __tgt_target_data_{begin,end,update}_mapper and their _nowait forms
 * (which clang already wraps in a target task: the dependences were
 * resolved by the task, so they run like the synchronous forms inside it).
 */
#include "target.h"

void tgt_check_mandatory(ident_t *loc);
int64_t tgt_requires_flags;

typedef int (*tgt_data_fn)(ident_t *, struct tgt_device *, int32_t, void **, void **,
                           int64_t *, int64_t *, void **, void **, struct tgt_async *);

/* kind: what a tool is told the construct is (ompt_target_enter_data, ...) */
static void tgt_data(tgt_data_fn fn, ompt_target_t kind, bool nowait, ident_t *loc,
                     int64_t device_id, int32_t n, void **bases, void **begins,
                     int64_t *sizes, int64_t *types, void **names, void **mappers,
                     const void *codeptr) {
  tgt_check_mandatory(loc);
  struct tgt_device *dev = tgt_device_get(loc, device_id);
  if (!dev) {
    tgt_async_none(loc);
    return; /* the host's data is the data */
  }
  bool ompt = tgt_ompt_on();
  struct tgt_ompt_construct ompt_outer;
  if (ompt)
    ompt_outer = tgt_ompt_construct_begin(kind, dev->id, codeptr);
  tgt_info_arguments(loc, dev,
                     kind == ompt_target_enter_data  ? "target data region begins"
                     : kind == ompt_target_exit_data ? "target data region ends"
                                                     : "target update",
                     n, sizes, types, names);
  struct tgt_async async = {0};
  tgt_async_begin(&async, dev, nowait, loc);
  fn(loc, dev, n, bases, begins, sizes, types, names, mappers, &async);
  if (tgt_async_complete(&async))
    tgt_fatal(loc, "data transfer on device %d failed", dev->id);
  if (ompt)
    tgt_ompt_construct_end(&ompt_outer);
}

#define TGT_RA __builtin_return_address(0)

TGT_EXPORT void __tgt_target_data_begin_mapper(ident_t *loc, int64_t device_id, int32_t n,
                                               void **bases, void **begins, int64_t *sizes,
                                               int64_t *types, void **names, void **mappers) {
  tgt_data(tgt_data_begin, ompt_target_enter_data, false, loc, device_id, n, bases, begins,
           sizes, types, names, mappers, TGT_RA);
}

TGT_EXPORT void __tgt_target_data_end_mapper(ident_t *loc, int64_t device_id, int32_t n,
                                             void **bases, void **begins, int64_t *sizes,
                                             int64_t *types, void **names, void **mappers) {
  tgt_data(tgt_data_end, ompt_target_exit_data, false, loc, device_id, n, bases, begins,
           sizes, types, names, mappers, TGT_RA);
}

TGT_EXPORT void __tgt_target_data_update_mapper(ident_t *loc, int64_t device_id, int32_t n,
                                                void **bases, void **begins, int64_t *sizes,
                                                int64_t *types, void **names,
                                                void **mappers) {
  tgt_data(tgt_data_update, ompt_target_update, false, loc, device_id, n, bases, begins,
           sizes, types, names, mappers, TGT_RA);
}

TGT_EXPORT void __tgt_target_data_begin_nowait_mapper(
    ident_t *loc, int64_t device_id, int32_t n, void **bases, void **begins, int64_t *sizes,
    int64_t *types, void **names, void **mappers, int32_t dep_num, void *deps,
    int32_t noalias_num, void *noalias) {
  (void)dep_num, (void)deps, (void)noalias_num, (void)noalias;
  tgt_data(tgt_data_begin, ompt_target_enter_data, true, loc, device_id, n, bases, begins,
           sizes, types, names, mappers, TGT_RA);
}

TGT_EXPORT void __tgt_target_data_end_nowait_mapper(
    ident_t *loc, int64_t device_id, int32_t n, void **bases, void **begins, int64_t *sizes,
    int64_t *types, void **names, void **mappers, int32_t dep_num, void *deps,
    int32_t noalias_num, void *noalias) {
  (void)dep_num, (void)deps, (void)noalias_num, (void)noalias;
  tgt_data(tgt_data_end, ompt_target_exit_data, true, loc, device_id, n, bases, begins,
           sizes, types, names, mappers, TGT_RA);
}

TGT_EXPORT void __tgt_target_data_update_nowait_mapper(
    ident_t *loc, int64_t device_id, int32_t n, void **bases, void **begins, int64_t *sizes,
    int64_t *types, void **names, void **mappers, int32_t dep_num, void *deps,
    int32_t noalias_num, void *noalias) {
  (void)dep_num, (void)deps, (void)noalias_num, (void)noalias;
  tgt_data(tgt_data_update, ompt_target_update, true, loc, device_id, n, bases, begins,
           sizes, types, names, mappers, TGT_RA);
}

