/* Two compilation units that disagree on `requires unified_address`: an
 * error at registration, as in LLVM (offload/test/offloading/requires.c).
 * clang-19 emits a requires record only for unified_shared_memory (docs/
 * abi-target.md), so the records are registered here through the ABI, as
 * another compiler's units would bring them. */
#include <stdint.h>
#include <stdio.h>

typedef struct {
  void *addr;
  char *name;
  size_t size;
  int32_t flags;
  int32_t data;
} entry_t;
typedef struct {
  void *image_start, *image_end;
  entry_t *entries_begin, *entries_end;
} image_t;
typedef struct {
  int32_t num_images;
  image_t *images;
  entry_t *entries_begin, *entries_end;
} desc_t;
void __tgt_register_lib(desc_t *desc);
void __tgt_unregister_lib(desc_t *desc);

enum { REGISTER_REQUIRES = 0x10, REQ_NONE = 1, REQ_UNIFIED_ADDRESS = 4 };

int main(void) {
  /* one unit names no requirement, the next requires unified_address */
  entry_t units[] = {{NULL, "", 0, REGISTER_REQUIRES, REQ_NONE},
                     {NULL, "", 0, REGISTER_REQUIRES, REQ_UNIFIED_ADDRESS}};
  desc_t desc = {0, NULL, &units[0], &units[2]};
  __tgt_register_lib(&desc);
  printf("FAIL: inconsistent requires were accepted\n");
  __tgt_unregister_lib(&desc);
  return 0;
}
