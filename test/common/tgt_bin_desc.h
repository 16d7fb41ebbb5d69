/* libomptarget's registration ABI as a test program sees it when it
 * registers images itself, as clang-19's start-up code does: an offload
 * entry (__tgt_offload_entry), a device image, the descriptor
 * (__tgt_bin_desc) and the calls that take it. */
#ifndef OMPRT_TEST_TGT_BIN_DESC_H
#define OMPRT_TEST_TGT_BIN_DESC_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
  void *addr;
  char *name;
  size_t size;
  int32_t flags, data;
} offload_entry;

typedef struct {
  void *start, *end;
  offload_entry *entries_begin, *entries_end;
} device_image;

typedef struct {
  int32_t num_images;
  device_image *images;
  offload_entry *host_begin, *host_end;
} bin_desc;

void __tgt_register_lib(bin_desc *desc);
void __tgt_unregister_lib(bin_desc *desc);
#endif
