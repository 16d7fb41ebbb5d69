/* ompx_hold references on memory associated with omp_target_associate_ptr
 * count: omp_target_disassociate_ptr refuses while one is held (LLVM 19
 * does; ours allowed it, as hold references on associated entries were
 * never counted), and succeeds once the construct holding it ends. */
#include <omp.h>
#include <stdio.h>

int main(void) {
  int dev = omp_get_default_device(), x = 5;
  void *x_dev = omp_target_alloc(sizeof x, dev);
  int fails = 0;
  if (omp_target_associate_ptr(&x, x_dev, sizeof x, 0, dev) != 0) {
    printf("FAIL: associate\n");
    return 1;
  }
  int rc_held = 0;
#pragma omp target data map(ompx_hold, alloc : x)
  rc_held = omp_target_disassociate_ptr(&x, dev);
  int rc_after = omp_target_disassociate_ptr(&x, dev);
  if (rc_held == 0) {
    printf("FAIL: disassociated under ompx_hold\n");
    fails++;
  }
  if (rc_after != 0) {
    printf("FAIL: disassociate after the hold returned %d\n", rc_after);
    fails++;
  }
  omp_target_free(x_dev, dev);
  printf(fails ? "FAIL\n" : "OK\n");
  return fails != 0;
}
