/* What clang-19 emits for allocation in directives: `allocate` clauses on
 * parallel, for, task and reduction privates (→ __kmpc_alloc/__kmpc_free),
 * the `allocate` directive on locals with and without align(…)
 * (→ __kmpc_aligned_alloc), and `uses_allocators` with traits on a target
 * region executed on the host (→ __kmpc_init_allocator/_destroy_allocator).
 * Values are checked against serial results. Passes on LLVM's runtime except
 * loop_privates (an LLVM alignment bug, see there). */
#include <omp.h>
#include <stdint.h>

#include "check.h"

static void parallel_privates(void) {
  int x = 5, p = -1, sum = 0;
  long bad = 0;
#pragma omp parallel num_threads(4) private(p) firstprivate(x)                 \
    allocate(omp_high_bw_mem_alloc : p, x) reduction(+ : sum)                   \
    allocate(omp_large_cap_mem_alloc : sum)
  {
    int t = omp_get_thread_num();
    p = t * 10;
    x += t; /* a private copy: others must not see it */
#pragma omp barrier
    if (p != t * 10 || x != 5 + t) {
#pragma omp atomic
      bad++;
    }
    sum += p + x;
  }
  int want = 0;
  for (int t = 0; t < 4; t++)
    want += t * 10 + 5 + t;
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(sum, want);
  CHECK_EQ_INT(x, 5);
}

/* LLVM 19 bug: clang assumes the private copy of `double arr[4]` from
 * __kmpc_alloc is 16-byte aligned (it stores it with movaps), but LLVM's
 * libomp aligns blocks to 8 bytes only, so this function crashes on LLVM's
 * runtime. Ours aligns every block to alignof(max_align_t) = 16. */
static void loop_privates(void) {
  int n = 1000, tmp = 0;
  long total = 0;
  double arr[4] = {1, 2, 3, 4};
#pragma omp parallel for num_threads(4) private(tmp) firstprivate(arr)         \
    allocate(omp_const_mem_alloc : tmp) allocate(omp_low_lat_mem_alloc : arr)  \
    reduction(+ : total)
  for (int i = 0; i < n; i++) {
    tmp = i * 2;
    total += tmp + (long)arr[i % 4];
  }
  long want = 0;
  for (int i = 0; i < n; i++)
    want += i * 2 + (i % 4) + 1;
  CHECK_EQ_INT(total, want);
}

static void task_privates(void) {
  int results[16] = {0};
#pragma omp parallel num_threads(4)
#pragma omp single
  for (int i = 0; i < 16; i++) {
    int v = i * i;
#pragma omp task firstprivate(v, i) allocate(omp_cgroup_mem_alloc : v)
    results[i] = v + 1;
  }
  for (int i = 0; i < 16; i++)
    CHECK(results[i] == i * i + 1, "task %d computed %d", i, results[i]);
}

static int directive_locals(int seed) {
  int x = seed;
  double buf[64];
#pragma omp allocate(x) allocator(omp_high_bw_mem_alloc)
#pragma omp allocate(buf) allocator(omp_default_mem_alloc) align(256)
  CHECK((uintptr_t)buf % 256 == 0, "allocate align(256): %p", (void *)buf);
  for (int i = 0; i < 64; i++)
    buf[i] = i + x;
  double s = 0;
  for (int i = 0; i < 64; i++)
    s += buf[i];
  return (int)s;
}

static void uses_allocators(void) {
  omp_alloctrait_t traits[2] = {{omp_atk_alignment, 128}, {omp_atk_pool_size, 1 << 16}};
  omp_allocator_handle_t mine = omp_null_allocator;
  int ok = 0, value = 0;
#pragma omp target uses_allocators(mine(traits)) map(from : ok, value)
  {
    int local = 0;
    ok = mine != omp_null_allocator;
    int *p = omp_alloc(sizeof(int) * 8, mine);
    ok = ok && p && (uintptr_t)p % 128 == 0;
    if (p) {
      for (int i = 0; i < 8; i++)
        p[i] = i;
      for (int i = 0; i < 8; i++)
        local += p[i];
    }
    omp_free(p, mine);
    value = local;
  }
  CHECK(ok, "uses_allocators: allocator with alignment 128 did not work");
  CHECK_EQ_INT(value, 28);
}

int main(void) {
  parallel_privates();
  loop_privates();
  task_privates();
  CHECK_EQ_INT(directive_locals(3), 64 * 3 + 63 * 64 / 2);
  uses_allocators();
  CHECK_DONE();
}
