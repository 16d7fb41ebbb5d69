/* A shared object with no offload entries, for corrupt.c's `missing` case. */
int omprt_plain_function(int x) { return x + 1; }
