/* Task trees and deep recursion, each checked against a serial reference:
 * a 10^4-deep chain of nested tasks each waiting for its child, fib with
 * taskwait, a binary-tree sum with a task per subtree, and a wide tree
 * whose completion only a taskgroup/barrier waits for. */
#include <omp.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "check.h"

enum { CHAIN_DEPTH = 10000 };

/* Level d makes one child (level d+1) and waits for it; each level adds its
 * number to the sum the child returns. */
static long chain(int d) {
  if (d == CHAIN_DEPTH)
    return 0;
  long below = -1;
#pragma omp task shared(below) firstprivate(d)
  below = chain(d + 1);
#pragma omp taskwait
  return below + d;
}

static long fib_serial(int n) { return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2); }

static long fib(int n) {
  if (n < 2)
    return n;
  long a = 0, b = 0;
#pragma omp task shared(a) firstprivate(n)
  a = fib(n - 1);
#pragma omp task shared(b) firstprivate(n)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

struct node {
  long value;
  struct node *left, *right;
};

static struct node *build(int depth, unsigned *seed) {
  struct node *n = malloc(sizeof(*n));
  *seed = *seed * 1103515245u + 12345u;
  n->value = (long)(*seed >> 16) % 1000 - 500;
  n->left = depth > 0 ? build(depth - 1, seed) : NULL;
  n->right = depth > 0 && (*seed & 4) ? build(depth - 1, seed) : NULL;
  return n;
}

static long tree_sum_serial(const struct node *n) {
  return n ? n->value + tree_sum_serial(n->left) + tree_sum_serial(n->right) : 0;
}

static long tree_sum(const struct node *n) {
  if (!n)
    return 0;
  long l = 0, r = 0;
#pragma omp task shared(l) firstprivate(n)
  l = tree_sum(n->left);
#pragma omp task shared(r) firstprivate(n)
  r = tree_sum(n->right);
#pragma omp taskwait
  return n->value + l + r;
}

static void tree_free(struct node *n) {
  if (n) {
    tree_free(n->left);
    tree_free(n->right);
    free(n);
  }
}

/* Fire-and-forget: no taskwait anywhere, every node adds itself; the end of
 * the region must wait for the whole tree. */
static void tree_visit(const struct node *n, atomic_long *sum) {
  if (!n)
    return;
  atomic_fetch_add(sum, n->value);
#pragma omp task firstprivate(n, sum)
  tree_visit(n->left, sum);
#pragma omp task firstprivate(n, sum)
  tree_visit(n->right, sum);
}

int main(void) {
  long want_chain = (long)CHAIN_DEPTH * (CHAIN_DEPTH - 1) / 2;
  long got = -1;
#pragma omp parallel
#pragma omp single
  got = chain(0);
  CHECK(got == want_chain, "chain of %d nested tasks: sum %ld, want %ld", CHAIN_DEPTH, got,
        want_chain);

  /* The chain again with no parallel region: the initial thread alone. */
  got = chain(0);
  CHECK(got == want_chain, "chain without a region: sum %ld, want %ld", got, want_chain);

  long f = -1;
#pragma omp parallel
#pragma omp single
  f = fib(20);
  CHECK(f == fib_serial(20), "fib(20) = %ld, want %ld", f, fib_serial(20));

  unsigned seed = 12345;
  struct node *root = build(14, &seed);
  long want = tree_sum_serial(root);
  long sum = 0;
#pragma omp parallel
#pragma omp single
  sum = tree_sum(root);
  CHECK(sum == want, "tree sum %ld, want %ld", sum, want);

  atomic_long visited = 0;
#pragma omp parallel
#pragma omp single nowait
  tree_visit(root, &visited);
  CHECK(atomic_load(&visited) == want, "region end before tree visit done: %ld, want %ld",
        (long)atomic_load(&visited), want);

  /* Every member spawns its own tree at once. */
  atomic_long all = 0;
  int nthreads = 0;
#pragma omp parallel
  {
#pragma omp single
    nthreads = omp_get_num_threads();
    tree_visit(root, &all);
  }
  CHECK(atomic_load(&all) == want * nthreads, "per-member trees: %ld, want %ld",
        (long)atomic_load(&all), want * nthreads);
  tree_free(root);
  CHECK_DONE();
}
