/* Corrupt device images, registered by hand as clang-19's start-up code
 * registers a program's images (__tgt_register_lib), must stop the program
 * with an `omptarget: error:` naming what is wrong, never crash or run on.
 *
 *   corrupt entry            offload binary whose entry lies beyond its end
 *   corrupt strings          entry inside, string table beyond the end
 *   corrupt image            entry inside, image bytes beyond the end
 *   corrupt elf              well-wrapped x86_64 ELF header, garbage after it
 *   corrupt missing <lib.so> a real shared object without the kernel an
 *                            entry names
 *   corrupt cubin            an nvptx64 image that is no cubin (CUDA devices)
 *
 * The image is loaded on first use of the device (omp_target_alloc here). */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgt_bin_desc.h"

/* LLVM's offload binary: header, one entry, its string table, the image. */
struct binary_header {
  uint8_t magic[4];
  uint32_t version;
  uint64_t size, entry_offset, entry_size;
};
struct binary_entry {
  uint16_t image_kind, offload_kind;
  uint32_t flags;
  uint64_t string_offset, num_strings, image_offset, image_size;
};

static char kernel_id; /* the host's region id of the one kernel entry */

static uint8_t *wrap(const void *image, size_t image_size, const char *triple,
                     size_t *total) {
  static const char key_triple[] = "triple", key_arch[] = "arch", arch[] = "";
  size_t strings_at = sizeof(struct binary_header) + sizeof(struct binary_entry);
  size_t chars_at = strings_at + 2 * 16;
  size_t image_at = (chars_at + sizeof(key_triple) + strlen(triple) + 1 +
                     sizeof(key_arch) + sizeof(arch) + 15) & ~(size_t)15;
  *total = image_at + image_size;
  uint8_t *b = calloc(1, *total);
  if (!b)
    exit(2);
  struct binary_header *h = (void *)b;
  memcpy(h->magic, "\x10\xff\x10\xad", 4);
  h->version = 1;
  h->size = *total;
  h->entry_offset = sizeof(*h);
  h->entry_size = sizeof(struct binary_entry);
  struct binary_entry *e = (void *)(b + sizeof(*h));
  e->image_kind = 1; /* object */
  e->offload_kind = 1; /* OpenMP */
  e->string_offset = strings_at;
  e->num_strings = 2;
  e->image_offset = image_at;
  e->image_size = image_size;
  uint64_t *kv = (void *)(b + strings_at);
  size_t at = chars_at;
  const char *parts[] = {key_triple, triple, key_arch, arch};
  for (int i = 0; i < 4; i++) {
    kv[i] = at;
    strcpy((char *)b + at, parts[i]);
    at += strlen(parts[i]) + 1;
  }
  memcpy(b + image_at, image, image_size);
  return b;
}

static void *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  *size = (size_t)ftell(f);
  fseek(f, 0, SEEK_SET);
  void *p = malloc(*size);
  if (!p || fread(p, 1, *size, f) != *size)
    exit(2);
  fclose(f);
  return p;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  const char *mode = argv[1];
  static offload_entry entries[1] = {{&kernel_id, "__omp_offloading_corrupt_test_l1", 0, 0, 0}};
  uint8_t elf[4096] = {0x7f, 'E', 'L', 'F', 2 /* 64-bit */, 1, 1};
  elf[18] = 62; /* e_machine EM_X86_64 */
  memset(elf + 64, 0xa5, sizeof(elf) - 64);
  size_t total = 0;
  uint8_t *binary;
  if (strcmp(mode, "missing") == 0) {
    if (argc < 3)
      return 2;
    size_t size;
    void *lib = read_file(argv[2], &size);
    binary = wrap(lib, size, "x86_64-pc-linux-gnu", &total);
  } else if (strcmp(mode, "cubin") == 0) {
    binary = wrap(elf + 64, sizeof(elf) - 64, "nvptx64-nvidia-cuda", &total);
  } else {
    binary = wrap(elf, sizeof(elf), "x86_64-pc-linux-gnu", &total);
  }
  struct binary_entry *e = (void *)(binary + sizeof(struct binary_header));
  if (strcmp(mode, "entry") == 0)
    ((struct binary_header *)binary)->entry_offset = total;
  else if (strcmp(mode, "strings") == 0)
    e->string_offset = total - 8;
  else if (strcmp(mode, "image") == 0)
    e->image_size = total;
  else if (strcmp(mode, "elf") != 0 && strcmp(mode, "missing") != 0 &&
           strcmp(mode, "cubin") != 0)
    return 2;
  device_image image = {binary, binary + total, entries, entries + 1};
  bin_desc desc = {1, &image, entries, entries + 1};
  __tgt_register_lib(&desc);
  void *p = omp_target_alloc(8, omp_get_default_device());
  printf("not reached: %s image accepted (device %d of %d, %p)\n", mode,
         omp_get_default_device(), omp_get_num_devices(), p);
  return 0;
}
