/* device.c — CUDA devices, their primary contexts, images, kernels and
 * globals, and the device environment clang-19's device runtime reads.
 *
 * Each CUDA device is one OpenMP device. Its primary context is retained
 * once and made current, per thread, before any call that needs it. An
 * image is the cubin (or PTX) clang-19 embedded for nvptx64; loading it also
 * writes `__omp_rtl_device_environment` (DeviceEnvironmentTy, see
 * offload/include/Shared/Environment.h) and runs the image's global
 * constructors (kernel `nvptx$device$init`), as LLVM 19's plugin does.
 * A loaded image is a struct cuda_module: the CUDA module and what was
 * allocated for it, all released when its library is dlclose()d.
 */
#include <elf.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuda_plugin.h"

void omprt_plugin_error(const char *fmt, ...);

struct cuda_device *cuda_devices;
int cuda_num_devices;

static pthread_once_t cuda_init_once = PTHREAD_ONCE_INIT;

/* The environment the device runtime reads (LLVM 19 DeviceEnvironmentTy). */
struct cuda_device_environment {
  uint32_t debug_kind;
  uint32_t num_devices;
  uint32_t device_num;
  uint32_t dynamic_mem_size;
  uint64_t clock_frequency;
  uintptr_t indirect_call_table;
  uint64_t indirect_call_table_size;
  uint64_t hardware_parallelism;
};

/* A loaded image (the plugin's image handle). */
struct cuda_module {
  CUmodule module;
  CUdeviceptr memory_pool;    /* LLVM 19's device runtime's heap; 0: none */
  CUdeviceptr indirect_calls; /* `declare target indirect` table; 0: none */
  struct cuda_kernel **kernels; /* resolved kernels, freed with the module */
  size_t nkernels, cap_kernels;
};

static int cuda_attribute(CUdevice d, CUdevice_attribute attr) {
  int value = 0;
  if (cu_cuDeviceGetAttribute(&value, attr, d) != CUDA_SUCCESS)
    return 0;
  return value;
}

static void cuda_do_init(void) {
  if (!cuda_driver_load())
    return;
  int count = 0;
  if (cu_cuDeviceGetCount(&count) != CUDA_SUCCESS || count <= 0)
    return;
  cuda_devices = calloc((size_t)count, sizeof(*cuda_devices));
  if (!cuda_devices)
    return;
  for (int i = 0; i < count; i++) {
    struct cuda_device *d = &cuda_devices[i];
    if (cu_cuDeviceGet(&d->handle, i) != CUDA_SUCCESS)
      return; /* count stays at the devices we could describe */
    pthread_mutex_init(&d->lock, NULL);
    pthread_cond_init(&d->grown, NULL);
    d->sm = cuda_attribute(d->handle, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR) * 10 +
            cuda_attribute(d->handle, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    d->num_sms = cuda_attribute(d->handle, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
    d->warp_size = cuda_attribute(d->handle, CU_DEVICE_ATTRIBUTE_WARP_SIZE);
    d->max_threads_per_block =
        cuda_attribute(d->handle, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X);
    d->max_grid_x = cuda_attribute(d->handle, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X);
    d->max_threads_per_sm =
        cuda_attribute(d->handle, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
    d->clock_khz = cuda_attribute(d->handle, CU_DEVICE_ATTRIBUTE_CLOCK_RATE);
    d->max_shared_optin = (size_t)cuda_attribute(
        d->handle, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
    d->pageable_access =
        cuda_attribute(d->handle, CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS) != 0;
    if (cu_cuDeviceGetName(d->name, sizeof(d->name), d->handle) != CUDA_SUCCESS)
      snprintf(d->name, sizeof(d->name), "CUDA device %d", i);
    cuda_num_devices = i + 1;
  }
}

static int cuda_init(void) {
  pthread_once(&cuda_init_once, cuda_do_init);
  return cuda_num_devices;
}

static __thread CUcontext cuda_current_context;

int cuda_enter(int dev) {
  CUcontext ctx = cuda_devices[dev].context;
  if (cuda_current_context == ctx)
    return OMPRT_SUCCESS;
  CUDA_CALL("cuCtxSetCurrent", cu_cuCtxSetCurrent(ctx));
  cuda_current_context = ctx;
  return OMPRT_SUCCESS;
}

/* Can some CUDA device run this image? An nvptx image for sm_XY runs on
 * devices of the same major version and at least its minor version. */
static bool cuda_is_compatible(const void *image, size_t size, const char *triple,
                               const char *arch) {
  if (triple[0]) {
    if (strncmp(triple, "nvptx64", 7) != 0)
      return false;
  } else {
    const Elf64_Ehdr *eh = image;
    if (size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
        eh->e_machine != 190 /* EM_CUDA */)
      return false;
  }
  if (size >= 4 && memcmp(image, "BC\xC0\xDE", 4) == 0) {
    static bool said;
    if (!said)
      fprintf(stderr, "omptarget: warning: the nvptx image is LLVM IR "
                      "(-fopenmp-target-jit); JIT compilation is not supported, so it "
                      "cannot run on CUDA devices\n");
    said = true;
    return false;
  }
  if (cuda_init() <= 0)
    return false;
  if (strncmp(arch, "sm_", 3) != 0)
    return true; /* no arch recorded: the driver will tell at load time */
  int want = atoi(arch + 3);
  for (int i = 0; i < cuda_num_devices; i++)
    if (cuda_devices[i].sm / 10 == want / 10 && cuda_devices[i].sm >= want)
      return true;
  return false;
}

static const char *cuda_sched_names[] = {"auto", "spin", "yield", "blocking"};
static const unsigned cuda_sched_flags[] = {CU_CTX_SCHED_AUTO, CU_CTX_SCHED_SPIN,
                                            CU_CTX_SCHED_YIELD,
                                            CU_CTX_SCHED_BLOCKING_SYNC};

static int cuda_init_device(int dev) {
  struct cuda_device *d = &cuda_devices[dev];
  unsigned flags = 0;
  int active = 0;
  CUDA_CALL("cuDevicePrimaryCtxGetState",
            cu_cuDevicePrimaryCtxGetState(d->handle, &flags, &active));
  if (!active) {
    /* How a host thread waits in cuStreamSynchronize. LLVM 19 blocks; the
     * driver's default (auto) spins while there are more cores than
     * contexts, which halves the round trip of a synchronous region. */
    const char *want = getenv("LIBOMPTARGET_CUDA_SYNC");
    unsigned sched = CU_CTX_SCHED_AUTO;
    if (want && *want) {
      int k = 0;
      while (k < 4 && strcmp(want, cuda_sched_names[k]) != 0)
        k++;
      if (k == 4) {
        fprintf(stderr, "omptarget: error: LIBOMPTARGET_CUDA_SYNC='%s': expected auto, "
                        "spin, yield or blocking\n", want);
        fflush(NULL);
        _exit(EXIT_FAILURE);
      }
      sched = cuda_sched_flags[k];
    }
    CUDA_CALL("cuDevicePrimaryCtxSetFlags", cu_cuDevicePrimaryCtxSetFlags(d->handle, sched));
  }
  CUDA_CALL("cuDevicePrimaryCtxRetain", cu_cuDevicePrimaryCtxRetain(&d->context, d->handle));
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  long stack = cuda_env_long("LIBOMPTARGET_STACK_SIZE", 0);
  if (stack)
    CUDA_CALL("cuCtxSetLimit(stack size)",
              cu_cuCtxSetLimit(CU_LIMIT_STACK_SIZE, (size_t)stack));
  long heap = cuda_env_long("LIBOMPTARGET_HEAP_SIZE", 0);
  if (heap)
    CUDA_CALL("cuCtxSetLimit(heap size)",
              cu_cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, (size_t)heap));
  if ((rc = cuda_queue_pools_init(dev)) || (rc = cuda_pool_init(dev)))
    return rc;
  d->initialised = true;
  return OMPRT_SUCCESS;
}

static int cuda_write_device_environment(int dev, CUmodule module) {
  struct cuda_device *d = &cuda_devices[dev];
  CUdeviceptr addr;
  size_t size;
  if (cu_cuModuleGetGlobal(&addr, &size, module, "__omp_rtl_device_environment") !=
      CUDA_SUCCESS)
    return OMPRT_SUCCESS; /* no device runtime in this image: nothing reads it */
  struct cuda_device_environment env = {
      .debug_kind = (uint32_t)cuda_env_long("LIBOMPTARGET_DEVICE_RTL_DEBUG", 0),
      .num_devices = (uint32_t)cuda_num_devices,
      .device_num = (uint32_t)dev,
      .dynamic_mem_size = (uint32_t)cuda_env_long("LIBOMPTARGET_SHARED_MEMORY_SIZE", 0),
      .clock_frequency = (uint64_t)d->clock_khz * 1000u,
      .hardware_parallelism =
          (uint64_t)d->num_sms * (uint64_t)(d->max_threads_per_sm / d->warp_size),
  };
  if (size != sizeof(env)) {
    omprt_plugin_error("__omp_rtl_device_environment has %zu bytes, expected %zu "
                       "(device runtime of another LLVM version?)", size, sizeof(env));
    return OMPRT_BAD_IMAGE;
  }
  CUDA_CALL("cuMemcpyHtoD(device environment)", cu_cuMemcpyHtoD(addr, &env, sizeof(env)));
  return OMPRT_SUCCESS;
}

/* LLVM 19's device runtime allocates (malloc, dynamic-schedule state,
 * globalised variables) from a bump allocator over a pool the plugin
 * provides: `__omp_rtl_device_memory_pool` (DeviceMemoryPoolTy {Ptr, Size}).
 * Its size is the CUDA heap limit (8 MiB unless LIBOMPTARGET_HEAP_SIZE). */
static int cuda_setup_memory_pool(int dev, struct cuda_module *m) {
  CUdeviceptr addr;
  size_t size;
  if (cu_cuModuleGetGlobal(&addr, &size, m->module, "__omp_rtl_device_memory_pool") !=
      CUDA_SUCCESS)
    return OMPRT_SUCCESS; /* our device runtime, or none: no pool wanted */
  struct { uint64_t ptr, size; } pool = {0, 0};
  if (size != sizeof(pool)) {
    omprt_plugin_error("__omp_rtl_device_memory_pool has %zu bytes, expected %zu", size,
                       sizeof(pool));
    return OMPRT_BAD_IMAGE;
  }
  size_t heap = 0;
  CUDA_CALL("cuCtxGetLimit(heap size)", cu_cuCtxGetLimit(&heap, CU_LIMIT_MALLOC_HEAP_SIZE));
  CUdeviceptr mem;
  CUDA_CALL("cuMemAlloc(device memory pool)", cu_cuMemAlloc(&mem, heap));
  m->memory_pool = mem;
  pool.ptr = mem;
  pool.size = heap;
  CUDA_TRACE("device %d: memory pool of %zu bytes at %p for the device runtime", dev, heap,
             (void *)(uintptr_t)mem);
  CUDA_CALL("cuMemcpyHtoD(device memory pool)", cu_cuMemcpyHtoD(addr, &pool, sizeof(pool)));
  return OMPRT_SUCCESS;
}

/* Functions the image calls but its device link left undefined (an
 * undefined weak symbol binds to address 0): LLVM 19's device runtime
 * declares `malloc` weak, and a CUDA 13 nvlink leaves it so, which makes
 * on an H100 its dynamic schedules faulted. Remembered for the fault report, and said
 * at load with LIBOMPTARGET_INFO's kernel bit. */
static char cuda_unresolved[160];

static void cuda_note_unresolved(const void *image, size_t size) {
  const Elf64_Ehdr *eh = image;
  if (size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
      eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_shoff == 0 ||
      eh->e_shentsize != sizeof(Elf64_Shdr) ||
      eh->e_shoff + (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr) > size)
    return;
  const Elf64_Shdr *sections = (const Elf64_Shdr *)((const char *)image + eh->e_shoff);
  for (int i = 0; i < eh->e_shnum; i++) {
    const Elf64_Shdr *symtab = &sections[i];
    if (symtab->sh_type != SHT_SYMTAB || symtab->sh_link >= eh->e_shnum ||
        symtab->sh_offset + symtab->sh_size > size)
      continue;
    const Elf64_Shdr *strtab = &sections[symtab->sh_link];
    if (strtab->sh_offset + strtab->sh_size > size)
      continue;
    const Elf64_Sym *syms = (const Elf64_Sym *)((const char *)image + symtab->sh_offset);
    const char *names = (const char *)image + strtab->sh_offset;
    for (size_t k = 0; k < symtab->sh_size / sizeof(Elf64_Sym); k++) {
      if (syms[k].st_shndx != SHN_UNDEF || ELF64_ST_TYPE(syms[k].st_info) != STT_FUNC ||
          syms[k].st_name >= strtab->sh_size)
        continue;
      const char *name = names + syms[k].st_name;
      size_t used = strlen(cuda_unresolved);
      if (!*name || strstr(cuda_unresolved, name) ||
          used + strlen(name) + 3 >= sizeof(cuda_unresolved))
        continue;
      snprintf(cuda_unresolved + used, sizeof(cuda_unresolved) - used, "%s%s",
               used ? ", " : "", name);
      if (cuda_info_kernel())
        fprintf(stderr, "omptarget: info: CUDA: the device image leaves function '%s' "
                        "unresolved (a weak undefined symbol): calling it may fault\n", name);
    }
  }
}

const char *cuda_unresolved_functions(void) { return cuda_unresolved; }

/* Global constructors of the device image, one thread. */
static int cuda_run_constructors(CUmodule module) {
  CUfunction ctor;
  if (cu_cuModuleGetFunction(&ctor, module, "nvptx$device$init") != CUDA_SUCCESS)
    return OMPRT_SUCCESS;
  CUDA_CALL("cuLaunchKernel(nvptx$device$init)",
            cu_cuLaunchKernel(ctor, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, NULL));
  CUDA_CALL("cuCtxSynchronize(global constructors)", cu_cuCtxSynchronize());
  return OMPRT_SUCCESS;
}

static int cuda_unload_image(int dev, void *handle);

static int cuda_load_image(int dev, const void *image, size_t size, void **handle) {
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  /* PTX must be NUL-terminated; the embedded bytes need not be. */
  void *copy = NULL;
  if (size && ((const char *)image)[size - 1] != '\0' &&
      memcmp(image, ELFMAG, SELFMAG) != 0) {
    copy = malloc(size + 1);
    if (!copy)
      return OMPRT_OUT_OF_MEMORY;
    memcpy(copy, image, size);
    ((char *)copy)[size] = '\0';
    image = copy;
  }
  cuda_note_unresolved(image, size);
  struct cuda_module *m = calloc(1, sizeof(*m));
  if (!m) {
    free(copy);
    return OMPRT_OUT_OF_MEMORY;
  }
  CUresult res = cu_cuModuleLoadDataEx(&m->module, image, 0, NULL, NULL);
  free(copy);
  if (res != CUDA_SUCCESS) {
    free(m);
    char what[160];
    snprintf(what, sizeof(what), "cuModuleLoadDataEx (device %d is %s, sm_%d)", dev,
             cuda_devices[dev].name, cuda_devices[dev].sm);
    cuda_fail(res, what);
    return OMPRT_BAD_IMAGE;
  }
  if ((rc = cuda_write_device_environment(dev, m->module)) ||
      (rc = cuda_setup_memory_pool(dev, m)) || (rc = cuda_run_constructors(m->module))) {
    cuda_unload_image(dev, m);
    return rc;
  }
  *handle = m;
  return OMPRT_SUCCESS;
}

/* The image's library was dlclose()d: its kernels, its allocations and the
 * module go. A region of it still queued (a `nowait` nobody waited for)
 * finishes first: unloading a module under a running kernel is undefined. */
static int cuda_unload_image(int dev, void *handle) {
  struct cuda_module *m = handle;
  int rc = cuda_enter(dev);
  if (!rc && cu_cuCtxSynchronize() != CUDA_SUCCESS)
    rc = OMPRT_FAIL; /* a fault: the module goes all the same */
  for (size_t i = 0; i < m->nkernels; i++)
    free(m->kernels[i]);
  free(m->kernels);
  if (m->memory_pool)
    cu_cuMemFree(m->memory_pool);
  if (m->indirect_calls)
    cu_cuMemFree(m->indirect_calls);
  CUresult res = cu_cuModuleUnload(m->module);
  free(m);
  if (res != CUDA_SUCCESS)
    return cuda_fail(res, "cuModuleUnload");
  return rc;
}

static int cuda_get_kernel(int dev, void *handle, const char *name, void **kernel) {
  struct cuda_module *m = handle;
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  if (m->nkernels == m->cap_kernels) {
    size_t cap = m->cap_kernels ? 2 * m->cap_kernels : 16;
    struct cuda_kernel **grown = realloc(m->kernels, cap * sizeof(*grown));
    if (!grown)
      return OMPRT_OUT_OF_MEMORY;
    m->kernels = grown;
    m->cap_kernels = cap;
  }
  struct cuda_kernel *k = calloc(1, sizeof(*k));
  if (!k)
    return OMPRT_OUT_OF_MEMORY;
  if (cu_cuModuleGetFunction(&k->function, m->module, name) != CUDA_SUCCESS) {
    free(k);
    return OMPRT_NOT_FOUND;
  }
  k->name = name;
  CUDA_TRACE("kernel %s resolved on device %d", name, dev);
  if ((rc = cuda_kernel_init(dev, k, m->module))) {
    free(k);
    return rc;
  }
  m->kernels[m->nkernels++] = k;
  *kernel = k;
  return OMPRT_SUCCESS;
}

static int cuda_get_global(int dev, void *handle, const char *name, size_t size,
                           void **dev_addr) {
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  CUdeviceptr addr;
  size_t dev_size;
  if (cu_cuModuleGetGlobal(&addr, &dev_size, ((struct cuda_module *)handle)->module, name) !=
      CUDA_SUCCESS)
    return OMPRT_NOT_FOUND;
  if (size && dev_size != size) {
    omprt_plugin_error("global '%s' has %zu bytes on the device but %zu on the host",
                       name, dev_size, size);
    return OMPRT_BAD_IMAGE;
  }
  *dev_addr = (void *)(uintptr_t)addr;
  return OMPRT_SUCCESS;
}

/* The device runtime's __llvm_omp_indirect_call_lookup searches this table
 * (host, device) pairs sorted by host address, found through the device
 * environment's IndirectCallTable/IndirectCallTableSize. */
static int cuda_set_indirect_calls(int dev, void *handle,
                                   const struct omprt_indirect_call *calls, size_t count) {
  struct cuda_module *m = handle;
  int rc = cuda_enter(dev);
  if (rc)
    return rc;
  CUdeviceptr env;
  size_t env_size;
  if (count == 0 || cu_cuModuleGetGlobal(&env, &env_size, m->module,
                                         "__omp_rtl_device_environment") != CUDA_SUCCESS)
    return OMPRT_SUCCESS; /* no device runtime: nobody looks the table up */
  size_t bytes = count * sizeof(*calls);
  CUDA_CALL("cuMemAlloc(indirect call table)", cu_cuMemAlloc(&m->indirect_calls, bytes));
  CUDA_CALL("cuMemcpyHtoD(indirect call table)",
            cu_cuMemcpyHtoD(m->indirect_calls, calls, bytes));
  struct { uint64_t table, count; } fields = {m->indirect_calls, count};
  _Static_assert(offsetof(struct cuda_device_environment, indirect_call_table_size) ==
                     offsetof(struct cuda_device_environment, indirect_call_table) + 8,
                 "table and size are adjacent in DeviceEnvironmentTy");
  CUDA_CALL("cuMemcpyHtoD(device environment: indirect call table)",
            cu_cuMemcpyHtoD(env + offsetof(struct cuda_device_environment,
                                           indirect_call_table),
                            &fields, sizeof(fields)));
  CUDA_TRACE("device %d: %zu indirect functions, table at %p", dev, count,
             (void *)(uintptr_t)m->indirect_calls);
  return OMPRT_SUCCESS;
}

static bool cuda_host_memory_accessible(int dev) { return cuda_devices[dev].pageable_access; }

static void cuda_print_info(int dev) {
  struct cuda_device *d = &cuda_devices[dev];
  size_t free_b = 0, total_b = 0;
  if (cuda_enter(dev) == OMPRT_SUCCESS)
    cu_cuMemGetInfo(&free_b, &total_b);
  int driver = 0;
  cu_cuDriverGetVersion(&driver);
  printf("Device %d: %s (CUDA)\n", dev, d->name);
  printf("  compute capability: sm_%d, %d SMs, warp size %d\n", d->sm, d->num_sms,
         d->warp_size);
  printf("  max threads per block: %d, max grid x: %d, clock: %d MHz\n",
         d->max_threads_per_block, d->max_grid_x, d->clock_khz / 1000);
  printf("  memory: %zu MiB total, %zu MiB free; driver API %d.%d\n", total_b >> 20,
         free_b >> 20, driver / 1000, driver % 1000 / 10);
}

const struct omprt_plugin omprt_plugin_cuda = {
    .name = "cuda",
    .queue_always = true,
    .device_dependences = true,
    .init = cuda_init,
    .is_compatible = cuda_is_compatible,
    .init_device = cuda_init_device,
    .load_image = cuda_load_image,
    .unload_image = cuda_unload_image,
    .get_kernel = cuda_get_kernel,
    .get_global = cuda_get_global,
    .set_indirect_calls = cuda_set_indirect_calls,
    .alloc = cuda_alloc,
    .free = cuda_free,
    .copy_to = cuda_copy_to,
    .copy_from = cuda_copy_from,
    .copy_d2d = cuda_copy_d2d,
    .launch = cuda_launch,
    .queue_get = cuda_queue_get,
    .queue_put = cuda_queue_put,
    .queue_sync = cuda_queue_sync,
    .queue_query = cuda_queue_query,
    .queue_on_done = cuda_queue_on_done,
    .event_create = cuda_event_create,
    .event_record = cuda_event_record,
    .event_wait = cuda_event_wait,
    .event_destroy = cuda_event_destroy,
    .event_query = cuda_event_query,
    .event_sync = cuda_event_sync,
    .lock_host = cuda_lock_host,
    .unlock_host = cuda_unlock_host,
    .host_memory_accessible = cuda_host_memory_accessible,
    .print_info = cuda_print_info,
    .interop = cuda_interop,
};
