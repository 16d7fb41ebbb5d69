/* ompt_target_hooks.h — how libomptarget reports device events to the OMPT
 * tool that libomp holds (src/host/ompt_target.c defines these; the
 * target layer calls them from src/target/ompt.c).
 *
 * libomptarget looks at *__omprt_ompt_active_flag() before each report, so
 * without a tool a report site costs a load. Device numbers are OpenMP's;
 * the host is omp_get_initial_device(). A construct's target_data and ids
 * belong to libomptarget (one construct at a time per thread); libomp fills
 * in the tasks (the encountering task, and the target task of a deferred
 * construct) and calls the emi callback, the plain one, or both, as the
 * tool registered them.
 */
#ifndef OMPRT_OMPT_TARGET_HOOKS_H
#define OMPRT_OMPT_TARGET_HOOKS_H

#include <stdatomic.h>
#include <stdbool.h>

#include "ompt_abi.h"

const _Atomic bool *__omprt_ompt_active_flag(void);
uint64_t __omprt_ompt_unique_id(void);
/* A device is ready (type: the plugin's name), is finalized; an image is
 * loaded onto it (bytes at host_addr; module_id names it until unloaded). */
void __omprt_ompt_device_initialize(int device_num, const char *type);
void __omprt_ompt_device_finalize(int device_num);
void __omprt_ompt_device_load(int device_num, const void *host_addr, size_t bytes,
                              uint64_t module_id);
void __omprt_ompt_device_unload(int device_num, uint64_t module_id);
/* A target construct begins or ends. After the begin target_data holds the
 * construct's id: the tool's word when it put one there (as LLVM's), else
 * one of the runtime's. */
void __omprt_ompt_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num,
                         ompt_data_t *target_data, const void *codeptr);
/* A data operation of the construct (target_id 0 and a target_data of its
 * own outside any, as omp_target_alloc's), and a kernel's submission. */
void __omprt_ompt_target_data_op(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data,
                                 ompt_id_t target_id, ompt_id_t *host_op_id,
                                 ompt_target_data_op_t optype, void *src_addr,
                                 int src_device_num, void *dest_addr, int dest_device_num,
                                 size_t bytes, const void *codeptr);
void __omprt_ompt_target_submit(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data,
                                ompt_id_t target_id, ompt_id_t *host_op_id,
                                unsigned int requested_num_teams);

#endif
