/* mock_kernels.c — what the mock driver runs for a kernel: the host version
 * of the same target region.
 *
 * For every target region clang-19 emits, next to the nvptx kernel
 * `__omp_offloading_<dev>_<file>_<fn>_l<line>`, a host function of exactly
 * that name (the fallback it calls when offloading fails), a local symbol
 * of the executable. It takes the kernel's arguments minus the implicit
 * first one (the launch environment), each a pointer or a 64-bit integer —
 * firstprivate scalars travel as integers of 64 bits, mapped data as
 * pointers — so with device memory being host memory, the kernel's
 * arguments are valid host arguments. The function survives only where
 * clang does not inline it into its caller: the test programs are built
 * with -O0 for the host.
 *
 * Local symbols are not in the dynamic symbol table, so we read the ELF
 * `.symtab` of /proc/self/exe once and add the executable's load base
 * (position-independent executables). Target regions in shared libraries
 * are not searched.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mock_kernels.h"

#define KERNEL_PREFIX "__omp_offloading_"

struct host_symbol {
  const char *name; /* points into the mapped executable */
  uintptr_t address;
};

static struct host_symbol *host_symbols; /* sorted by name */
static size_t num_host_symbols;
static pthread_once_t host_symbols_once = PTHREAD_ONCE_INIT;

/* dl_iterate_phdr lists the executable first: its load base. */
static int executable_base(struct dl_phdr_info *info, size_t size, void *base) {
  (void)size;
  *(uintptr_t *)base = (uintptr_t)info->dlpi_addr;
  return 1;
}

static int host_symbol_order(const void *a, const void *b) {
  return strcmp(((const struct host_symbol *)a)->name, ((const struct host_symbol *)b)->name);
}

/* Collect the defined functions named like kernels from one symbol table. */
static void collect_kernel_symbols(const unsigned char *file, size_t file_size,
                                   const Elf64_Shdr *symtab, const Elf64_Shdr *strtab,
                                   uintptr_t base) {
  if (symtab->sh_offset + symtab->sh_size > file_size ||
      strtab->sh_offset + strtab->sh_size > file_size || strtab->sh_size == 0 ||
      file[strtab->sh_offset + strtab->sh_size - 1] != '\0')
    return;
  const Elf64_Sym *syms = (const Elf64_Sym *)(file + symtab->sh_offset);
  size_t count = symtab->sh_size / sizeof(Elf64_Sym);
  const char *names = (const char *)(file + strtab->sh_offset);
  struct host_symbol *grown =
      realloc(host_symbols, sizeof(*grown) * (num_host_symbols + count));
  if (!grown)
    return;
  host_symbols = grown;
  for (size_t i = 0; i < count; i++) {
    const Elf64_Sym *sym = &syms[i];
    if (ELF64_ST_TYPE(sym->st_info) != STT_FUNC || sym->st_shndx == SHN_UNDEF ||
        sym->st_name >= strtab->sh_size)
      continue;
    const char *name = names + sym->st_name;
    if (strncmp(name, KERNEL_PREFIX, sizeof(KERNEL_PREFIX) - 1) != 0)
      continue;
    host_symbols[num_host_symbols++] = (struct host_symbol){name, base + sym->st_value};
  }
}

static void host_symbols_load(void) {
  int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return;
  struct stat st;
  if (fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof(Elf64_Ehdr)) {
    close(fd);
    return;
  }
  size_t file_size = (size_t)st.st_size;
  /* Kept mapped: the symbol names point into it. */
  const unsigned char *file = mmap(NULL, file_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (file == MAP_FAILED)
    return;
  const Elf64_Ehdr *header = (const Elf64_Ehdr *)file;
  if (memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 ||
      header->e_ident[EI_CLASS] != ELFCLASS64 || header->e_shoff == 0 ||
      header->e_shentsize != sizeof(Elf64_Shdr) ||
      header->e_shoff + (size_t)header->e_shnum * sizeof(Elf64_Shdr) > file_size)
    return;
  uintptr_t base = 0;
  dl_iterate_phdr(executable_base, &base);
  const Elf64_Shdr *sections = (const Elf64_Shdr *)(file + header->e_shoff);
  for (unsigned i = 0; i < header->e_shnum; i++)
    if (sections[i].sh_type == SHT_SYMTAB && sections[i].sh_link < header->e_shnum)
      collect_kernel_symbols(file, file_size, &sections[i], &sections[sections[i].sh_link],
                             base);
  if (num_host_symbols)
    qsort(host_symbols, num_host_symbols, sizeof(*host_symbols), host_symbol_order);
}

mock_host_fn mock_host_function(const char *name) {
  pthread_once(&host_symbols_once, host_symbols_load);
  struct host_symbol key = {name, 0};
  const struct host_symbol *found = bsearch(&key, host_symbols, num_host_symbols,
                                            sizeof(*host_symbols), host_symbol_order);
  return found ? (mock_host_fn)found->address : NULL;
}

/* Pointers and 64-bit integers are passed alike (the same registers, the
 * same stack slots), so one integer type stands for both. */
typedef uintptr_t arg_t;
#define P1 arg_t
#define P2 P1, arg_t
#define P3 P2, arg_t
#define P4 P3, arg_t
#define P5 P4, arg_t
#define P6 P5, arg_t
#define P7 P6, arg_t
#define P8 P7, arg_t
#define P9 P8, arg_t
#define P10 P9, arg_t
#define P11 P10, arg_t
#define P12 P11, arg_t
#define P13 P12, arg_t
#define P14 P13, arg_t
#define P15 P14, arg_t
#define P16 P15, arg_t
#define A1 args[0]
#define A2 A1, args[1]
#define A3 A2, args[2]
#define A4 A3, args[3]
#define A5 A4, args[4]
#define A6 A5, args[5]
#define A7 A6, args[6]
#define A8 A7, args[7]
#define A9 A8, args[8]
#define A10 A9, args[9]
#define A11 A10, args[10]
#define A12 A11, args[11]
#define A13 A12, args[12]
#define A14 A13, args[13]
#define A15 A14, args[14]
#define A16 A15, args[15]
#define CALL_WITH(n)                                                               \
  case n:                                                                          \
    ((void (*)(P##n))fn)(A##n);                                                    \
    break;

void mock_call_host_function(mock_host_fn fn, int nargs, const uintptr_t *args) {
  switch (nargs) {
  case 0:
    fn();
    break;
    CALL_WITH(1) CALL_WITH(2) CALL_WITH(3) CALL_WITH(4) CALL_WITH(5) CALL_WITH(6)
    CALL_WITH(7) CALL_WITH(8) CALL_WITH(9) CALL_WITH(10) CALL_WITH(11) CALL_WITH(12)
    CALL_WITH(13) CALL_WITH(14) CALL_WITH(15) CALL_WITH(16)
  default:
    abort(); /* the driver checks the count at launch */
  }
}
