/* env_alloc.c — OMP_ALLOCATOR: a predefined allocator, a predefined memory
 * space, or a memory space with traits, which builds a new allocator
 * through alloc.c (omp_allocator_build). env.c calls in from omp_env_init
 * with its parsing helpers; the handle goes to omp_global.default_allocator.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

struct omp_named_handle {
  const char *name;
  uintptr_t handle;
};

static const struct omp_named_handle omp_allocator_names[] = {
    {"omp_default_mem_alloc", omp_default_mem_alloc},
    {"omp_large_cap_mem_alloc", omp_large_cap_mem_alloc},
    {"omp_const_mem_alloc", omp_const_mem_alloc},
    {"omp_high_bw_mem_alloc", omp_high_bw_mem_alloc},
    {"omp_low_lat_mem_alloc", omp_low_lat_mem_alloc},
    {"omp_cgroup_mem_alloc", omp_cgroup_mem_alloc},
    {"omp_pteam_mem_alloc", omp_pteam_mem_alloc},
    {"omp_thread_mem_alloc", omp_thread_mem_alloc},
};

/* A memory space stands for its predefined allocator; with traits, it is
 * the space a new allocator draws from. */
static const struct {
  const char *name;
  uintptr_t allocator;
  omp_memspace_handle_t space;
} omp_memspace_names[] = {
    {"omp_default_mem_space", omp_default_mem_alloc, omp_default_mem_space},
    {"omp_large_cap_mem_space", omp_large_cap_mem_alloc, omp_large_cap_mem_space},
    {"omp_const_mem_space", omp_const_mem_alloc, omp_const_mem_space},
    {"omp_high_bw_mem_space", omp_high_bw_mem_alloc, omp_high_bw_mem_space},
    {"omp_low_lat_mem_space", omp_low_lat_mem_alloc, omp_low_lat_mem_space},
};

static bool omp_lookup_handle(const struct omp_named_handle *table, size_t n,
                              const char *p, size_t len, uintptr_t *out) {
  for (size_t i = 0; i < n; i++)
    if (omp_word_is(p, len, table[i].name)) {
      *out = table[i].handle;
      return true;
    }
  return false;
}

/* The name OMP_DISPLAY_ENV shows for an allocator handle. */
const char *omp_allocator_name(uintptr_t handle) {
  for (size_t i = 0; i < sizeof(omp_allocator_names) / sizeof(omp_allocator_names[0]); i++)
    if (omp_allocator_names[i].handle == handle)
      return omp_allocator_names[i].name;
  return "user-defined";
}

/* The values an OMP_ALLOCATOR trait may name (the spec's omp_atv_* words
 * without their prefix). */
static const struct omp_named_handle omp_trait_words[] = {
    {"contended", omp_atv_contended},     {"uncontended", omp_atv_uncontended},
    {"serialized", omp_atv_serialized},   {"private", omp_atv_private},
    {"all", omp_atv_all},                 {"cgroup", omp_atv_cgroup},
    {"pteam", omp_atv_pteam},             {"thread", omp_atv_thread},
    {"default_mem_fb", omp_atv_default_mem_fb}, {"null_fb", omp_atv_null_fb},
    {"abort_fb", omp_atv_abort_fb},       {"allocator_fb", omp_atv_allocator_fb},
    {"environment", omp_atv_environment}, {"nearest", omp_atv_nearest},
    {"blocked", omp_atv_blocked},         {"interleaved", omp_atv_interleaved},
};

/* The traits OMP_ALLOCATOR may give, and the range of omp_trait_words each
 * takes its value from (first, count); count 0: a number (alignment, a
 * power of two; pool_size), a boolean (pinned) or an allocator (fb_data). */
static const struct {
  const char *name;
  omp_alloctrait_key_t key;
  int first, count;
} omp_env_traits[] = {
    {"sync_hint", omp_atk_sync_hint, 0, 4}, {"alignment", omp_atk_alignment, 0, 0},
    {"access", omp_atk_access, 4, 4},       {"pool_size", omp_atk_pool_size, 0, 0},
    {"fallback", omp_atk_fallback, 8, 4},   {"fb_data", omp_atk_fb_data, 0, 0},
    {"pinned", omp_atk_pinned, 0, 0},       {"partition", omp_atk_partition, 12, 4},
};

/* One `key=value` of OMP_ALLOCATOR's trait list, [p, p+len), into *trait;
 * false when the key is unknown or the value not one it takes. */
static bool omp_env_trait(const char *p, size_t len, omp_alloctrait_t *trait) {
  const char *eq = memchr(p, '=', len);
  if (!eq)
    return false;
  size_t key_len = omp_trim_end(p, (size_t)(eq - p));
  const char *value = omp_skip_space(eq + 1);
  size_t value_len = omp_trim_end(value, (size_t)(p + len - value));
  for (size_t i = 0; i < sizeof(omp_env_traits) / sizeof(*omp_env_traits); i++) {
    if (!omp_word_is(p, key_len, omp_env_traits[i].name))
      continue;
    trait->key = omp_env_traits[i].key;
    if (omp_env_traits[i].count)
      return omp_lookup_handle(omp_trait_words + omp_env_traits[i].first,
                               (size_t)omp_env_traits[i].count, value, value_len,
                               &trait->value);
    if (trait->key == omp_atk_fb_data)
      return omp_lookup_handle(omp_allocator_names,
                               sizeof(omp_allocator_names) / sizeof(omp_allocator_names[0]),
                               value, value_len, &trait->value);
    if (trait->key == omp_atk_pinned) {
      char word[16];
      bool on;
      if (value_len >= sizeof word)
        return false;
      memcpy(word, value, value_len);
      word[value_len] = '\0';
      if (!omp_parse_bool(word, &on))
        return false;
      trait->value = on ? omp_atv_true : omp_atv_false;
      return true;
    }
    char *end;
    errno = 0;
    unsigned long long n = strtoull(value, &end, 10);
    if (!value_len || !isdigit((unsigned char)*value) || end != value + value_len ||
        errno == ERANGE || n > UINTPTR_MAX)
      return false;
    trait->value = (omp_uintptr_t)n;
    return trait->key == omp_atk_pool_size || (n != 0 && (n & (n - 1)) == 0);
  }
  return false;
}

/* OMP_ALLOCATOR=<memory space>:<traits>: a new allocator from that space,
 * as LLVM builds one. A trait that cannot be read is left out with a
 * warning; if no allocator can be made of the rest, the space's
 * predefined allocator serves (as without traits). */
static uintptr_t omp_env_allocator_traits(const char *v, const char *list,
                                          omp_memspace_handle_t space, uintptr_t predefined) {
  int ntraits = 1;
  for (const char *c = list; *c; c++)
    ntraits += *c == ',';
  omp_alloctrait_t *traits = calloc((size_t)ntraits, sizeof(*traits));
  if (!traits)
    return predefined;
  int count = 0;
  for (const char *p = list;; p++) {
    p = omp_skip_space(p);
    size_t len = omp_trim_end(p, strcspn(p, ","));
    if (len && !omp_env_trait(p, len, &traits[count]))
      omp_warn("OMP_ALLOCATOR=\"%s\": '%.*s' is not a valid allocator trait; ignored", v,
               (int)len, p);
    else if (len)
      count++;
    p = strchr(p, ',');
    if (!p)
      break;
  }
  uintptr_t made = omp_allocator_build("OMP_ALLOCATOR", space, count, traits);
  free(traits);
  if (made != omp_null_allocator)
    return made;
  omp_warn("OMP_ALLOCATOR=\"%s\": no allocator can be made with these traits; using %s", v,
           omp_allocator_name(predefined));
  return predefined;
}

/* OMP_ALLOCATOR: a predefined allocator, or a predefined memory space
 * (meaning its allocator), optionally with `:traits` for a new one. */
void omp_env_allocator(struct omp_global *g) {
  const char *v = omp_getenv("OMP_ALLOCATOR");
  if (!v)
    return;
  const char *p = omp_skip_space(v);
  size_t len = strcspn(p, ": \t\n");
  const char *rest = omp_skip_space(p + len);
  uintptr_t handle;
  if (*rest == '\0' &&
      omp_lookup_handle(omp_allocator_names,
                        sizeof(omp_allocator_names) / sizeof(omp_allocator_names[0]),
                        p, len, &handle)) {
    g->default_allocator = handle;
    return;
  }
  for (size_t i = 0; i < sizeof(omp_memspace_names) / sizeof(*omp_memspace_names); i++) {
    if (!omp_word_is(p, len, omp_memspace_names[i].name) || (*rest != '\0' && *rest != ':'))
      continue;
    handle = omp_memspace_names[i].allocator;
    g->default_allocator =
        *rest == ':' ? omp_env_allocator_traits(v, rest + 1, omp_memspace_names[i].space, handle)
                     : handle;
    return;
  }
  omp_env_bad("OMP_ALLOCATOR", v,
              "expected a predefined allocator or memory space name");
}
