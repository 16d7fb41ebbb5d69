/* __llvm_omp_indirect_call_lookup for test programs: on a GPU the device
 * runtime's (it translates a host function pointer through the table the
 * plugin publishes); on a CPU device (x86_64, or the CUDA mock running the
 * regions' host versions) host and device functions are the same, so the
 * lookup is the identity. clang's headers do not declare it. */
#ifndef OMPRT_TEST_INDIRECT_CALL_LOOKUP_H
#define OMPRT_TEST_INDIRECT_CALL_LOOKUP_H

#pragma omp begin declare variant match(device = {kind(gpu)})
void *__llvm_omp_indirect_call_lookup(void *host_ptr);
#pragma omp declare target to(__llvm_omp_indirect_call_lookup) device_type(nohost)
#pragma omp end declare variant
#pragma omp begin declare variant match(device = {kind(cpu)})
static void *__llvm_omp_indirect_call_lookup(void *host_ptr) { return host_ptr; }
#pragma omp end declare variant

#endif
