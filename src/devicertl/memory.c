/* memory.c — the shared-memory stack behind __kmpc_alloc_shared (seed 004
 * §III-D), variable sharing for generic-mode parallel regions, device
 * malloc/free, dynamic shared memory.
 *
 * Who calls __kmpc_alloc_shared after openmp-opt has run? Mostly the main
 * thread of a generic-mode kernel, for variables it shares with the
 * parallel regions it starts (whatever the pass could not turn into static
 * shared variables). So the stack belongs to that thread alone: a small
 * static buffer and one counter, no per-thread bookkeeping. Every other
 * caller (SPMD threads, workers in nested regions) and every overflow gets
 * global memory from CUDA's device heap. When no call survives
 * optimisation, the buffer is dead and costs no shared memory.
 */
#include "devicertl.h"

#define SHARED_STACK_BYTES 512u
#define SHARED_STACK_ALIGN 16u

static SHARED __attribute__((aligned(SHARED_STACK_ALIGN)))
unsigned char shared_stack[SHARED_STACK_BYTES];
static SHARED uint32_t shared_stack_used;

void *malloc(size_t bytes);
void free(void *ptr);

void *global_alloc(size_t bytes) { return malloc(bytes); }
void global_free(void *ptr) { free(ptr); }

void shared_stack_init(bool is_spmd) {
  if (is_main_thread(is_spmd))
    shared_stack_used = 0;
}

static uint64_t stack_aligned(uint64_t bytes) {
  return (bytes + SHARED_STACK_ALIGN - 1) & ~(uint64_t)(SHARED_STACK_ALIGN - 1);
}

__attribute__((noinline)) void *__kmpc_alloc_shared(uint64_t bytes) {
  uint64_t aligned = stack_aligned(bytes);
  if (is_main_thread_in_generic_mode()) {
    uint32_t used = shared_stack_used;
    if (used + aligned <= SHARED_STACK_BYTES) {
      shared_stack_used = used + (uint32_t)aligned;
      return (void *)&shared_stack[used];
    }
    if (config_debug(DEBUG_COMMON_ISSUES))
      __llvm_omp_vprintf("omptarget device: shared memory stack full, using global memory\n",
                         0, 0);
  }
  void *ptr = global_alloc(aligned);
  if (!ptr)
    devicertl_out_of_memory("__kmpc_alloc_shared");
  return ptr;
}

__attribute__((noinline)) void __kmpc_free_shared(void *ptr, uint64_t bytes) {
  if (hw_is_shared_ptr(ptr)) {
    /* Frees come in reverse order of allocation (clang's scopes). */
    shared_stack_used -= (uint32_t)stack_aligned(bytes);
    return;
  }
  global_free(ptr);
}

/* Arguments of a generic-mode parallel region travel from the main
 * thread to the workers through this buffer (global memory beyond it). */
#define SHARED_ARGS_IN_SHARED_MEMORY 16u

static SHARED void *shared_args[SHARED_ARGS_IN_SHARED_MEMORY];
typedef void **args_ptr;
static SHARED args_ptr shared_args_ptr;

void __kmpc_begin_sharing_variables(void ***args, uint64_t nargs) {
  void **space = (void **)shared_args;
  if (nargs > SHARED_ARGS_IN_SHARED_MEMORY) {
    space = global_alloc(nargs * sizeof(void *));
    if (!space)
      devicertl_out_of_memory("parallel region arguments");
  }
  shared_args_ptr = space;
  *args = space;
}

void __kmpc_end_sharing_variables(void) {
  if (shared_args_ptr != (void **)shared_args)
    global_free(shared_args_ptr);
}

void __kmpc_get_shared_variables(void ***args) { *args = shared_args_ptr; }

/* Dynamic shared memory: whatever the launch gave beyond the static. */
extern __attribute__((address_space(3), aligned(16))) unsigned char omprt_dynamic_shared[];

void *__kmpc_get_dynamic_shared(void) { return (void *)omprt_dynamic_shared; }
void *llvm_omp_target_dynamic_shared_alloc(void) { return __kmpc_get_dynamic_shared(); }
void *llvm_omp_get_dynamic_shared(void) { return __kmpc_get_dynamic_shared(); }

/* omp_alloc/omp_free on the device: every allocator is the device heap
 * (LLVM 19's device runtime has neither). */
typedef uintptr_t omp_allocator_handle_t;
void *omp_alloc(size_t bytes, omp_allocator_handle_t allocator) {
  (void)allocator;
  return global_alloc(bytes);
}
void *omp_aligned_alloc(size_t alignment, size_t bytes, omp_allocator_handle_t allocator) {
  (void)allocator;
  /* CUDA's heap aligns to 16 bytes; larger alignments are not promised. */
  return alignment <= 16 ? global_alloc(bytes) : 0;
}
void *omp_calloc(size_t count, size_t bytes, omp_allocator_handle_t allocator) {
  (void)allocator;
  void *ptr = global_alloc(count * bytes);
  if (ptr)
    __builtin_memset(ptr, 0, count * bytes);
  return ptr;
}
void omp_free(void *ptr, omp_allocator_handle_t allocator) {
  (void)allocator;
  global_free(ptr);
}

DEVICE_CODE_END
