/* mapper.c — `declare mapper`: a mapper function that clang emits for each
 * mapper pushes the components one list item expands into
 * (__tgt_push_mapper_component); map.c then runs its begin, end or update
 * list over them (tgt_apply_mapper).
 */
#include <stdlib.h>

#include "target.h"

struct tgt_mapper_components {
  int n, cap;
  void **bases, **begins, **names;
  int64_t *sizes, *types;
};

TGT_EXPORT int64_t __tgt_mapper_num_components(void *handle) {
  return ((struct tgt_mapper_components *)handle)->n;
}

TGT_EXPORT void __tgt_push_mapper_component(void *handle, void *base, void *begin,
                                            int64_t size, int64_t type, void *name) {
  struct tgt_mapper_components *c = handle;
  if (c->n == c->cap) {
    int cap = c->cap ? c->cap * 2 : 16;
    void **b = realloc(c->bases, sizeof(void *) * (size_t)cap);
    if (b)
      c->bases = b;
    void **g = realloc(c->begins, sizeof(void *) * (size_t)cap);
    if (g)
      c->begins = g;
    void **nm = realloc(c->names, sizeof(void *) * (size_t)cap);
    if (nm)
      c->names = nm;
    int64_t *s = realloc(c->sizes, sizeof(int64_t) * (size_t)cap);
    if (s)
      c->sizes = s;
    int64_t *t = realloc(c->types, sizeof(int64_t) * (size_t)cap);
    if (t)
      c->types = t;
    if (!b || !g || !nm || !s || !t)
      tgt_fatal(NULL, "out of memory expanding a declare mapper");
    c->cap = cap;
  }
  c->bases[c->n] = base;
  c->begins[c->n] = begin;
  c->sizes[c->n] = size;
  c->types[c->n] = type;
  c->names[c->n] = name;
  c->n++;
}

/* Run `fn` on the components a mapper produces for one list item. */
void tgt_apply_mapper(tgt_list_fn fn, ident_t *loc, struct tgt_device *dev,
                             void *mapper, void *base, void *begin, int64_t size,
                             int64_t type, void *name, struct tgt_async *async) {
  struct tgt_mapper_components c = {0};
  ((tgt_mapper_fn)mapper)(&c, base, begin, size, type, name);
  /* A mapper applied to a struct member (a nested mapper): its first
   * component is that member, inside the parent's entry, and counts like a
   * member (LLVM exempts every mapper's first component; we count it for a
   * list item of its own, docs/abi-target.md §8.4). */
  if ((type & MAP_MEMBER_OF) && c.n > 0)
    c.types[0] |= MAP_AS_MEMBER;
  /* The invoking clause's `always` applies to every item the mapper maps
   * (clang-19 keeps it only on the mapper's first component): map(always,
   * from: s) must copy s's mapped members back even while they stay mapped,
   * as LLVM 19's runtime does for such a program. */
  if (type & MAP_ALWAYS)
    for (int i = 0; i < c.n; i++)
      if (c.types[i] & (MAP_TO | MAP_FROM))
        c.types[i] |= MAP_ALWAYS;
  fn(loc, dev, c.n, c.bases, c.begins, c.sizes, c.types, c.names, NULL, async);
  free(c.bases);
  free(c.begins);
  free(c.names);
  free(c.sizes);
  free(c.types);
}
