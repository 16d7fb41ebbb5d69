/* threadprivate.c — `#pragma omp threadprivate` when it is not native TLS.
 *
 * clang uses ELF TLS for threadprivate variables unless told otherwise
 * (-fnoopenmp-use-tls), or where the target has none; then every access
 * calls __kmpc_threadprivate_cached(loc, gtid, &var, size, &var.cache) for
 * the calling thread's copy. C++ variables with constructors or destructors
 * are announced first by __kmpc_threadprivate_register.
 *
 * As in LLVM: thread gtid 0 (the first initial thread) uses the variable
 * itself; every other thread gets its own copy on first access, made by the
 * registered constructor, else by the copy constructor from a prototype, else
 * from a snapshot of the variable's bytes taken when the runtime first saw
 * it (its initial value: clang's code calls us before any access). Copies
 * of worker threads are destroyed with the registered destructor at
 * process exit; those of other initial threads (user threads) are not, as
 * in LLVM, which unregisters such a thread without running them: they are
 * freed when the ended thread's gtid goes to the next user thread (LLVM
 * leaves them in its cache, and the next thread finds the old values).
 *
 * The per-variable array of copies, indexed by gtid, doubles as the cache
 * clang keeps for us: *cache points at it, so the common access is two loads.
 * The array grows (under the lock) as gtids grow; readers may still hold an
 * old array, so old arrays are kept, and every write goes to the current one
 * under the lock so that none is lost.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

typedef void *(*kmpc_ctor)(void *);
typedef void *(*kmpc_cctor)(void *, void *);
typedef void (*kmpc_dtor)(void *);
typedef void *(*kmpc_ctor_vec)(void *, size_t);
typedef void *(*kmpc_cctor_vec)(void *, void *, size_t);
typedef void (*kmpc_dtor_vec)(void *, size_t);

/* A block of copies: two header words, then `capacity` slots. clang's cache
 * points at the slots; the header tells how many there are. */
#define OMP_TP_HEADER 2
#define OMP_TP_MIN_CAPACITY 64

struct omp_tp_var {
  void *data;       /* the variable itself: gtid 0's copy */
  size_t size;      /* 0 until an access tells it (registered first) */
  /* registered by C++: vec_len > 0 selects the array forms */
  kmpc_ctor ctor;
  kmpc_cctor cctor;
  kmpc_dtor dtor;
  kmpc_ctor_vec ctor_vec;
  kmpc_cctor_vec cctor_vec;
  kmpc_dtor_vec dtor_vec;
  size_t vec_len;
  bool is_vec;
  bool prepared;    /* how to initialise a copy is settled */
  void *snapshot;   /* initial bytes; NULL when they were all zero */
  void *prototype;  /* made by the copy constructor from the variable */
  void **_Atomic slots; /* copies by gtid */
  void ***compiler_cache; /* where clang caches `slots` */
  struct omp_tp_var *next;
};

#define OMP_TP_BUCKETS 64
static struct omp_tp_var *omp_tp_table[OMP_TP_BUCKETS];
static _Atomic uint32_t omp_tp_lock; /* the table and every slots array */

void omp_threadprivate_after_fork(void) { atomic_store(&omp_tp_lock, 0); }

static size_t omp_tp_capacity(void **slots) {
  return slots ? (size_t)(uintptr_t)slots[-OMP_TP_HEADER] : 0;
}

static struct omp_tp_var **omp_tp_bucket(void *data) {
  return &omp_tp_table[((uintptr_t)data >> 4) % OMP_TP_BUCKETS];
}

/* With the lock held: the variable's entry, made on first sight. */
static struct omp_tp_var *omp_tp_find(void *data, bool create) {
  struct omp_tp_var **bucket = omp_tp_bucket(data);
  for (struct omp_tp_var *var = *bucket; var; var = var->next)
    if (var->data == data)
      return var;
  if (!create)
    return NULL;
  struct omp_tp_var *var = calloc(1, sizeof(*var));
  if (!var)
    omp_fatal(NULL, "out of memory registering a threadprivate variable");
  var->data = data;
  var->next = *bucket;
  *bucket = var;
  return var;
}

static void *omp_tp_alloc(size_t size) {
  size_t rounded = (size + OMP_CACHE_LINE - 1) / OMP_CACHE_LINE * OMP_CACHE_LINE;
  void *p = aligned_alloc(OMP_CACHE_LINE, rounded ? rounded : OMP_CACHE_LINE);
  if (!p)
    omp_fatal(NULL, "out of memory allocating a threadprivate copy of %zu bytes",
              size);
  return p;
}

/* With the lock held: settle how copies start, the first time the variable
 * is accessed. A constructor needs nothing; a copy constructor copies the
 * variable into a prototype; plain data is snapshotted. */
static void omp_tp_prepare(struct omp_tp_var *var) {
  if (var->prepared)
    return;
  var->prepared = true;
  if (var->ctor || var->ctor_vec)
    return;
  if (var->cctor || var->cctor_vec) {
    var->prototype = omp_tp_alloc(var->size);
    if (var->is_vec)
      var->cctor_vec(var->prototype, var->data, var->vec_len);
    else
      var->cctor(var->prototype, var->data);
    return;
  }
  const unsigned char *bytes = var->data;
  for (size_t i = 0; i < var->size; i++) {
    if (bytes[i]) {
      var->snapshot = omp_tp_alloc(var->size);
      memcpy(var->snapshot, var->data, var->size);
      return;
    }
  }
}

/* With the lock held: make room for gtid in var's slots. */
static void omp_tp_grow(struct omp_tp_var *var, int gtid) {
  void **old = atomic_load_explicit(&var->slots, memory_order_relaxed);
  size_t capacity = omp_tp_capacity(old);
  if ((size_t)gtid < capacity)
    return;
  size_t grown = capacity ? capacity : OMP_TP_MIN_CAPACITY;
  while (grown <= (size_t)gtid)
    grown *= 2;
  void **block = calloc(grown + OMP_TP_HEADER, sizeof(void *));
  if (!block)
    omp_fatal(NULL, "out of memory growing a threadprivate cache");
  void **slots = block + OMP_TP_HEADER;
  slots[-OMP_TP_HEADER] = (void *)(uintptr_t)grown;
  /* Readers may still be looking at the old array: keep it, linked here. */
  slots[-OMP_TP_HEADER + 1] = old ? old - OMP_TP_HEADER : NULL;
  if (old)
    memcpy(slots, old, capacity * sizeof(void *));
  atomic_store_explicit(&var->slots, slots, memory_order_release);
  if (var->compiler_cache)
    __atomic_compare_exchange_n(var->compiler_cache, &old, slots, false,
                                __ATOMIC_RELEASE, __ATOMIC_RELAXED);
}

static void omp_tp_construct(struct omp_tp_var *var, void *copy) {
  if (var->is_vec && var->ctor_vec)
    var->ctor_vec(copy, var->vec_len);
  else if (var->is_vec && var->cctor_vec)
    var->cctor_vec(copy, var->prototype, var->vec_len);
  else if (var->ctor)
    var->ctor(copy);
  else if (var->cctor)
    var->cctor(copy, var->prototype);
  else if (var->snapshot)
    memcpy(copy, var->snapshot, var->size);
  else
    memset(copy, 0, var->size);
}

static void omp_tp_destruct(struct omp_tp_var *var, void *copy) {
  if (var->is_vec && var->dtor_vec)
    var->dtor_vec(copy, var->vec_len);
  else if (!var->is_vec && var->dtor)
    var->dtor(copy);
}

/* ---- destruction ------------------------------------------------------------ */

/* Destroy and free the copies of thread gtid. The lock is not held while a
 * destructor runs (it may use threadprivate variables itself). */
static void omp_tp_release_thread(int gtid) {
  for (int b = 0; b < OMP_TP_BUCKETS; b++) {
    omp_mutex_lock(&omp_tp_lock);
    struct omp_tp_var *var = omp_tp_table[b];
    omp_mutex_unlock(&omp_tp_lock);
    for (; var; var = var->next) {
      omp_mutex_lock(&omp_tp_lock);
      void **slots = atomic_load_explicit(&var->slots, memory_order_relaxed);
      void *copy = NULL;
      if ((size_t)gtid < omp_tp_capacity(slots)) {
        copy = slots[gtid];
        slots[gtid] = NULL;
      }
      omp_mutex_unlock(&omp_tp_lock);
      if (copy && copy != var->data) {
        omp_tp_destruct(var, copy);
        free(copy);
      }
    }
  }
}

/* A user thread ended and its gtid goes to the next one (init.c): its
 * copies are freed, not destroyed (LLVM runs no destructor for a user
 * thread's copies either), and forgotten in every array readers may still
 * hold, so the next thread under this gtid starts from the initial values. */
void omp_threadprivate_forget_thread(int gtid) {
  for (int b = 0; b < OMP_TP_BUCKETS; b++) {
    omp_mutex_lock(&omp_tp_lock);
    for (struct omp_tp_var *var = omp_tp_table[b]; var; var = var->next) {
      void **slots = atomic_load_explicit(&var->slots, memory_order_relaxed);
      void *copy = (size_t)gtid < omp_tp_capacity(slots) ? slots[gtid] : NULL;
      for (void **array = slots; array; ) {
        if ((size_t)gtid < omp_tp_capacity(array))
          array[gtid] = NULL;
        void **older = array[-OMP_TP_HEADER + 1];
        array = older ? older + OMP_TP_HEADER : NULL;
      }
      if (copy && copy != var->data)
        free(copy);
    }
    omp_mutex_unlock(&omp_tp_lock);
  }
}

/* At process exit, destroy the workers' copies, as LLVM does when it shuts
 * its workers down. */
__attribute__((destructor)) static void omp_tp_process_exit(void) {
  size_t gtid_bound = 0;
  for (int b = 0; b < OMP_TP_BUCKETS; b++)
    for (struct omp_tp_var *var = omp_tp_table[b]; var; var = var->next) {
      size_t capacity = omp_tp_capacity(atomic_load(&var->slots));
      if (capacity > gtid_bound)
        gtid_bound = capacity;
    }
  for (int gtid = 1; (size_t)gtid < gtid_bound; gtid++) {
    struct omp_thread *th = omp_thread_by_gtid(gtid);
    if (th && !th->is_root)
      omp_tp_release_thread(gtid);
  }
  for (int b = 0; b < OMP_TP_BUCKETS; b++)
    for (struct omp_tp_var *var = omp_tp_table[b]; var; var = var->next)
      if (var->prototype)
        omp_tp_destruct(var, var->prototype);
}

/* ---- lookup ----------------------------------------------------------------- */

/* The slow path: thread gtid's copy of `data`, made if it has none. */
static void *omp_tp_lookup(ident_t *loc, int gtid, void *data, size_t size,
                           void ***cache) {
  omp_mutex_lock(&omp_tp_lock);
  struct omp_tp_var *var = omp_tp_find(data, true);
  if (var->size == 0)
    var->size = size;
  else if (size > var->size)
    omp_fatal(loc, "threadprivate variable at %p accessed with size %zu, "
                   "first seen with size %zu", data, size, var->size);
  omp_tp_prepare(var);
  omp_tp_grow(var, gtid);
  if (cache)
    var->compiler_cache = cache;
  void **slots = atomic_load_explicit(&var->slots, memory_order_relaxed);
  void *copy = slots[gtid];
  omp_mutex_unlock(&omp_tp_lock);

  if (!copy) {
    /* Only this thread makes its own copy; construct it unlocked. */
    if (gtid == 0) {
      copy = data;
    } else {
      copy = omp_tp_alloc(var->size);
      omp_tp_construct(var, copy);
    }
    omp_mutex_lock(&omp_tp_lock);
    slots = atomic_load_explicit(&var->slots, memory_order_relaxed);
    slots[gtid] = copy;
    omp_mutex_unlock(&omp_tp_lock);
  }
  if (cache)
    __atomic_store_n(cache, slots, __ATOMIC_RELEASE);
  return copy;
}

/* ---- entry points ----------------------------------------------------------- */

OMP_EXPORT void *__kmpc_threadprivate_cached(ident_t *loc, int32_t gtid,
                                             void *data, size_t size,
                                             void ***cache) {
  void **slots = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
  if (OMP_LIKELY((size_t)gtid < omp_tp_capacity(slots))) {
    void *copy = __atomic_load_n(&slots[gtid], __ATOMIC_RELAXED);
    if (OMP_LIKELY(copy != NULL))
      return copy;
  }
  return omp_tp_lookup(loc, gtid, data, size, cache);
}

/* The uncached lookup LLVM also exports. */
OMP_EXPORT void *__kmpc_threadprivate(ident_t *loc, int32_t gtid, void *data,
                                      size_t size) {
  return omp_tp_lookup(loc, gtid, data, size, NULL);
}

/* Record a C++ variable's constructors, unless the variable was registered
 * (or accessed) before: then the first word stands, as in LLVM. clang
 * registers at static initialisation, before any access. */
static void omp_tp_register(void *data, const struct omp_tp_var *how) {
  omp_runtime_init();
  omp_mutex_lock(&omp_tp_lock);
  if (!omp_tp_find(data, false)) {
    struct omp_tp_var *var = omp_tp_find(data, true);
    var->ctor = how->ctor;
    var->cctor = how->cctor;
    var->dtor = how->dtor;
    var->ctor_vec = how->ctor_vec;
    var->cctor_vec = how->cctor_vec;
    var->dtor_vec = how->dtor_vec;
    var->vec_len = how->vec_len;
    var->is_vec = how->is_vec;
  }
  omp_mutex_unlock(&omp_tp_lock);
}

/* C++ objects with a non-trivial constructor or destructor (clang always
 * passes a NULL cctor). The size comes with the first access. */
OMP_EXPORT void __kmpc_threadprivate_register(ident_t *loc, void *data,
                                              kmpc_ctor ctor, kmpc_cctor cctor,
                                              kmpc_dtor dtor) {
  struct omp_tp_var how = {.ctor = ctor, .cctor = cctor, .dtor = dtor};
  omp_tp_register(data, &how);
}

/* The array form: vector_length elements, constructed together. */
OMP_EXPORT void __kmpc_threadprivate_register_vec(ident_t *loc, void *data,
                                                  kmpc_ctor_vec ctor,
                                                  kmpc_cctor_vec cctor,
                                                  kmpc_dtor_vec dtor,
                                                  size_t vector_length) {
  struct omp_tp_var how = {.ctor_vec = ctor, .cctor_vec = cctor,
                           .dtor_vec = dtor, .vec_len = vector_length,
                           .is_vec = true};
  omp_tp_register(data, &how);
}
