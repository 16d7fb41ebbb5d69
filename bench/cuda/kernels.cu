// The CUDA twin of bench/b14's region K (b14.c REGION_BODY): one thread per
// element i of one row, y[off + i] += a * sum_{lo(i) <= j <= i} x[j], with
// lo(i) = 0 for the paper's triangular kernel (tri != 0) and lo(i) = i for
// the linear daxpy (tri == 0). extern "C" keeps the names unmangled for
// cuModuleGetFunction.
extern "C" __global__ void b14_region(double a, const double *x, double *y, long off, int n,
                                      int tri) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double s = 0;
  for (int j = tri ? 0 : i; j <= i; ++j)
    s += x[j];
  y[off + i] = y[off + i] + a * s;
}

// The STREAM triad of test/devicertl/timing/kernel_times.c, one element per
// thread: the hand-written baseline of issue 7's kernel-time comparison.
extern "C" __global__ void triad(double *a, const double *b, const double *c, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = b[i] + 3.0 * c[i];
}

// The empty kernel of the launch round trip.
extern "C" __global__ void empty_kernel(void) {}
