// One unit, kernels of both modes (as bench/b14/b14.c, whose B4 kernels
// took 62 registers and 56 B of stack with ours before the mode folded per
// kernel): B1's K and the STREAM triad (SPMD) next to the generic-mode
// kernel with a parallel region, so every runtime function they share is
// reached by kernels of both modes.
#include "b1_daxpy.c"
#include "generic_seq_par.c"
#include "triad.c"
