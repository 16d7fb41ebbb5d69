/* Two compilation units that disagree on `requires unified_address`: an
 * error at registration, as in LLVM (offload/test/offloading/requires.c).
 * clang-19 emits a requires record only for unified_shared_memory (docs/
 * abi-target.md), so the records are registered here through the ABI, as
 * another compiler's units would bring them. */
#include <stdio.h>

#include "tgt_bin_desc.h"

enum { REGISTER_REQUIRES = 0x10, REQ_NONE = 1, REQ_UNIFIED_ADDRESS = 4 };

int main(void) {
  /* one unit names no requirement, the next requires unified_address */
  offload_entry units[] = {{NULL, "", 0, REGISTER_REQUIRES, REQ_NONE},
                           {NULL, "", 0, REGISTER_REQUIRES, REQ_UNIFIED_ADDRESS}};
  bin_desc desc = {0, NULL, &units[0], &units[2]};
  __tgt_register_lib(&desc);
  printf("FAIL: inconsistent requires were accepted\n");
  __tgt_unregister_lib(&desc);
  return 0;
}
