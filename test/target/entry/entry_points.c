/* The libomptarget entry points clang-19 no longer emits but LLVM 19
 * exports, called directly: they exist under VERS1.0 and do what they say.
 * The harness also checks stderr for the kernel-launch line that
 * __tgt_set_info_flag(0x2) turns on. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void __tgt_init_all_rtls(void);
void __tgt_set_info_flag(uint32_t flags);
int __tgt_print_device_info(int64_t device);
void __kmpc_push_target_tripcount_mapper(void *loc, int64_t device, uint64_t count);
void __tgt_target_nowait_query(void **handle);
void __tgt_register_requires(int64_t flags);

int main(void) {
  int fails = 0;
  __tgt_init_all_rtls();
  __tgt_register_requires(1); /* recorded only: requires arrive as offload entries */
  __kmpc_push_target_tripcount_mapper(NULL, 0, 100);
  void *handle = &fails;
  __tgt_target_nowait_query(&handle);
  if (handle != NULL) {
    printf("FAIL: __tgt_target_nowait_query left the handle set\n");
    fails++;
  }
  if (omp_get_num_devices() < 1) {
    printf("FAIL: no x86_64 offload device\n");
    return 1;
  }
  fflush(stdout);
  __tgt_print_device_info(0);
  fflush(stdout);
  __tgt_set_info_flag(0x2); /* kernel launches */
  int x = 1;
#pragma omp target map(tofrom : x)
  x += 41;
  __tgt_set_info_flag(0);
  if (x != 42) {
    printf("FAIL: x = %d after the region\n", x);
    fails++;
  }
  if (!fails)
    printf("OK\n");
  return fails != 0;
}
