/* source_location.h — reading clang's ";file;function;line;column;;"
 * location strings (ident_t::psource), shared by libomp and libomptarget
 * (each compiles source_location.c in, hidden). */
#ifndef OMPRT_SOURCE_LOCATION_H
#define OMPRT_SOURCE_LOCATION_H

#include <stddef.h>

/* "file:line" into buf, "" when psource names no real location. */
const char *omprt_source_location(const char *psource, char *buf, size_t size)
    __attribute__((visibility("hidden")));

#endif
