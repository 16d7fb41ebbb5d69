/* places_parse.c — OMP_PLACES's explicit form: "{0,1},{2:2}:2:4,!{5}".
 * A place is a brace list of processor ids and intervals (start:len:stride)
 * or `!place` (every usable processor but those); a place interval repeats
 * it shifted (place:len:stride). Processors the process may not use are
 * left out and the first one named is reported, as LLVM warns about them.
 * affinity.c hands the places found to its place list. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

struct omp_place_parser {
  const char *p;
  const bool *avail; /* the processors the places may hold */
  int nprocs;        /* ids below this */
  bool *members;     /* the place being built (nprocs entries) */
  int invalid_proc;  /* first processor named that we may not use, or -1 */
  void (*add)(const bool *members);
};

static void omp_pp_skip(struct omp_place_parser *pp) {
  while (isspace((unsigned char)*pp->p))
    pp->p++;
}

static bool omp_pp_number(struct omp_place_parser *pp, long *out) {
  omp_pp_skip(pp);
  if (!isdigit((unsigned char)*pp->p) &&
      !(*pp->p == '-' && isdigit((unsigned char)pp->p[1])))
    return false;
  char *end;
  errno = 0;
  *out = strtol(pp->p, &end, 10);
  pp->p = end;
  return errno == 0 && *out > -(1L << 30) && *out < (1L << 30);
}

/* ":len[:stride]" after an interval's start; defaults 1 and 1. */
static bool omp_pp_interval(struct omp_place_parser *pp, long *len, long *stride) {
  *len = 1;
  *stride = 1;
  omp_pp_skip(pp);
  if (*pp->p != ':')
    return true;
  pp->p++;
  if (!omp_pp_number(pp, len) || *len <= 0)
    return false;
  omp_pp_skip(pp);
  if (*pp->p == ':') {
    pp->p++;
    if (!omp_pp_number(pp, stride))
      return false;
  }
  return true;
}

static void omp_pp_set(struct omp_place_parser *pp, bool *set, long id, bool value) {
  if (id < 0 || id >= pp->nprocs || !pp->avail[id]) {
    if (value && pp->invalid_proc < 0)
      pp->invalid_proc = (int)id;
    return;
  }
  set[id] = value;
}

/* res-list inside braces into pp->members. */
static bool omp_pp_resources(struct omp_place_parser *pp) {
  for (;;) {
    omp_pp_skip(pp);
    bool exclude = *pp->p == '!';
    if (exclude)
      pp->p++;
    long start, len, stride;
    if (!omp_pp_number(pp, &start))
      return false;
    if (!exclude && !omp_pp_interval(pp, &len, &stride))
      return false;
    if (exclude)
      omp_pp_set(pp, pp->members, start, false);
    else
      for (long i = 0; i < len; i++)
        omp_pp_set(pp, pp->members, start + i * stride, true);
    omp_pp_skip(pp);
    if (*pp->p != ',')
      return true;
    pp->p++;
  }
}

/* One place: "{res-list}" or "!place" (every usable processor but those). */
static bool omp_pp_place(struct omp_place_parser *pp) {
  omp_pp_skip(pp);
  if (*pp->p == '!') {
    pp->p++;
    if (!omp_pp_place(pp))
      return false;
    for (int i = 0; i < pp->nprocs; i++)
      pp->members[i] = pp->avail[i] && !pp->members[i];
    return true;
  }
  if (*pp->p != '{')
    return false;
  pp->p++;
  memset(pp->members, 0, sizeof(bool) * (size_t)pp->nprocs);
  if (!omp_pp_resources(pp))
    return false;
  omp_pp_skip(pp);
  if (*pp->p != '}')
    return false;
  pp->p++;
  return true;
}

/* place-interval: place[:len[:stride]], the copies shifted by stride. */
static bool omp_pp_place_interval(struct omp_place_parser *pp, bool *shifted) {
  long len, stride;
  if (!omp_pp_place(pp) || !omp_pp_interval(pp, &len, &stride))
    return false;
  for (long copy = 0; copy < len; copy++) {
    memset(shifted, 0, sizeof(bool) * (size_t)pp->nprocs);
    for (int id = 0; id < pp->nprocs; id++)
      if (pp->members[id])
        omp_pp_set(pp, shifted, id + copy * stride, true);
    pp->add(shifted);
  }
  return true;
}

bool omp_parse_place_list(const char *text, const bool *avail, int nprocs,
                          void (*add)(const bool *members), int *invalid_proc) {
  bool *members = malloc(sizeof(bool) * (size_t)nprocs);
  bool *shifted = malloc(sizeof(bool) * (size_t)nprocs);
  if (!members || !shifted)
    omp_fatal(NULL, "out of memory building the place list");
  struct omp_place_parser pp = {.p = text, .avail = avail, .nprocs = nprocs,
                                .members = members, .invalid_proc = -1, .add = add};
  bool ok;
  for (;;) {
    ok = omp_pp_place_interval(&pp, shifted);
    omp_pp_skip(&pp);
    if (!ok || *pp.p != ',')
      break;
    pp.p++;
  }
  ok = ok && *pp.p == '\0';
  free(members);
  free(shifted);
  *invalid_proc = pp.invalid_proc;
  return ok;
}
