/* __kmpc_threadprivate_register, driven from C the way clang drives it for a
 * C++ object: the constructor builds each non-master thread's copy (never
 * the master's, which is the object itself), and the destructor runs on each
 * worker's copy at process exit (as in LLVM, not on a user thread's copy).
 * The destructor prints a running count after main's PASS; CTest checks it. */
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "check.h"

typedef struct {
  int32_t reserved_1, flags, reserved_2, reserved_3;
  const char *psource;
} ident_t;

void __kmpc_threadprivate_register(ident_t *loc, void *data,
                                   void *(*ctor)(void *),
                                   void *(*cctor)(void *, void *),
                                   void (*dtor)(void *));
void *__kmpc_threadprivate_cached(ident_t *loc, int32_t gtid, void *data,
                                  size_t size, void ***cache);
int32_t __kmpc_global_thread_num(ident_t *loc);

static ident_t loc = {0, 2, 0, 0, ";threadprivate_register.c;main;1;1;;"};

struct object {
  int magic;
  int owner;
};

static struct object original = {1, -1};
static void **original_cache;
static atomic_int constructed, destroyed;

static void *object_ctor(void *p) {
  struct object *o = p;
  o->magic = 0xC0FFEE;
  o->owner = -1;
  atomic_fetch_add(&constructed, 1);
  return p;
}

static void object_dtor(void *p) {
  struct object *o = p;
  if (o->magic != 0xC0FFEE)
    return;
  o->magic = 0;
  char line[64];
  int len = snprintf(line, sizeof(line), "destroyed copy %d\n",
                     atomic_fetch_add(&destroyed, 1) + 1);
  write(1, line, (size_t)len);
}

static struct object *my_object(void) {
  return __kmpc_threadprivate_cached(&loc, __kmpc_global_thread_num(&loc),
                                     &original, sizeof(original),
                                     &original_cache);
}

static void *user_thread(void *arg) {
  struct object *o = my_object();
  *(int *)arg = o != &original && o->magic == 0xC0FFEE;
  return NULL;
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0); /* PASS before the destructors' lines */
  __kmpc_threadprivate_register(&loc, &original, object_ctor, NULL,
                                object_dtor);
  omp_set_dynamic(0);
  int ok[4] = {0}, nthreads = 0;
#pragma omp parallel num_threads(4)
  {
    int tid = omp_get_thread_num();
    struct object *o = my_object();
    if (tid == 0) {
      nthreads = omp_get_num_threads();
      ok[tid] = o == &original && o->magic == 1;
    } else {
      ok[tid] = o != &original && o->magic == 0xC0FFEE;
    }
    o->owner = tid;
  }
  CHECK_EQ_INT(nthreads, 4);
  for (int t = 0; t < 4; t++)
    CHECK(ok[t], "thread %d got the wrong copy", t);
  CHECK_EQ_INT(atomic_load(&constructed), 3);
  CHECK_EQ_INT(original.owner, 0);

  /* Copies are made once per thread and persist. */
#pragma omp parallel num_threads(4)
  {
    struct object *o = my_object();
    if (o->owner != omp_get_thread_num())
      ok[omp_get_thread_num()] = 0;
  }
  for (int t = 0; t < 4; t++)
    CHECK(ok[t], "thread %d's copy did not persist", t);
  CHECK_EQ_INT(atomic_load(&constructed), 3);

  /* A user thread is a new initial thread with its own copy. */
  int user_ok = 0;
  pthread_t thread;
  pthread_create(&thread, NULL, user_thread, &user_ok);
  pthread_join(thread, NULL);
  CHECK_EQ_INT(user_ok, 1);
  CHECK_EQ_INT(atomic_load(&constructed), 4);
  CHECK_EQ_INT(atomic_load(&destroyed), 0);
  CHECK_DONE();
}
