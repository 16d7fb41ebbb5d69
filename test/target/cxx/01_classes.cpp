// C++ programs on the x86_64 offload device: what a C++ user's program asks
// of the runtimes beyond C. Device-side constructors of declare-target
// globals (run when the image is loaded), class objects mapped with their
// pointer members (enter/exit data and a declare mapper), std::vector's
// storage, lambdas and templates in target regions, a user-defined
// reduction on std::complex, and exceptions thrown and caught inside
// parallel regions and tasks. Checked against serial results.
#include <omp.h>
#include <complex>
#include <cstdio>
#include <numeric>
#include <stdexcept>
#include <vector>

static int fail;
#define CHECK(c, ...) do { if (!(c)) { std::printf(__VA_ARGS__); std::printf("\n"); fail = 1; } } while (0)

#pragma omp begin declare target
struct Table {
  int values[16];
  Table() { for (int i = 0; i < 16; i++) values[i] = i * i; } // runs on each device
  int at(int i) const { return values[i]; }
};
Table table;
#pragma omp end declare target

class Field {
public:
  explicit Field(int n) : n_(n), data_(new double[n]) { for (int i = 0; i < n; i++) data_[i] = i; }
  ~Field() { delete[] data_; }
  Field(const Field &) = delete;
  Field &operator=(const Field &) = delete;
  void to_device() {
    #pragma omp target enter data map(to: this[:1], data_[0:n_])
  }
  void from_device() {
    #pragma omp target exit data map(from: data_[0:n_]) map(release: this[:1])
  }
  void scale(double f) {
    #pragma omp target teams distribute parallel for
    for (int i = 0; i < n_; i++) data_[i] *= f;
  }
  double get(int i) const { return data_[i]; }
  int size() const { return n_; }
private:
  int n_;
  double *data_;
};

struct Vec { int n; float *x; };
#pragma omp declare mapper(Vec v) map(v, v.x[0:v.n])

template <typename T> T device_sum(const std::vector<T> &v) {
  const T *p = v.data();
  size_t n = v.size();
  T s = T();
  #pragma omp target teams distribute parallel for reduction(+: s) map(to: p[0:n])
  for (size_t i = 0; i < n; i++) s += p[i];
  return s;
}

#pragma omp declare reduction(cplus : std::complex<double> : omp_out += omp_in) \
    initializer(omp_priv = std::complex<double>(0, 0))

int main() {
  // 1. device-side constructor of a declare-target global
  int ctor_seen[16] = {0};
  #pragma omp target map(from: ctor_seen)
  for (int i = 0; i < 16; i++) ctor_seen[i] = table.at(i);
  for (int i = 0; i < 16; i++)
    CHECK(ctor_seen[i] == i * i, "device Table ctor: values[%d]=%d", i, ctor_seen[i]);

  // 2. a class mapping itself and its pointer member
  Field f(1000);
  f.to_device();
  f.scale(3.0);
  f.scale(0.5);
  CHECK(f.get(10) == 10.0, "host copy changed before exit data: %g", f.get(10));
  f.from_device();
  for (int i = 0; i < f.size(); i++)
    CHECK(f.get(i) == 1.5 * i, "Field %d: %g", i, f.get(i));

  // 3. declare mapper for a struct with a pointer member
  std::vector<float> storage(257, 1.0f);
  Vec v{(int)storage.size(), storage.data()};
  #pragma omp target map(tofrom: v)
  for (int i = 0; i < v.n; i++) v.x[i] += i;
  for (int i = 0; i < v.n; i++)
    CHECK(storage[i] == 1.0f + i, "mapper Vec %d: %g", i, storage[i]);

  // 4. templates over std::vector storage
  std::vector<long> longs(10000);
  std::iota(longs.begin(), longs.end(), 1);
  CHECK(device_sum(longs) == 10000L * 10001 / 2, "device_sum<long> %ld", device_sum(longs));
  std::vector<double> halves(64, 0.5);
  CHECK(device_sum(halves) == 32.0, "device_sum<double> %g", device_sum(halves));

  // 5. a lambda called in a target region, capturing by value
  int offset = 7;
  auto shift = [=](int x) { return x + offset; };
  int shifted[32];
  #pragma omp target teams distribute parallel for map(from: shifted)
  for (int i = 0; i < 32; i++) shifted[i] = shift(i);
  for (int i = 0; i < 32; i++) CHECK(shifted[i] == i + 7, "lambda %d: %d", i, shifted[i]);

  // 6. user-defined reduction on std::complex, host and device
  std::complex<double> z(0, 0), zd(0, 0);
  #pragma omp parallel for reduction(cplus : z)
  for (int i = 0; i < 1000; i++) z += std::complex<double>(i, -i);
  #pragma omp target teams distribute parallel for reduction(cplus : zd) map(tofrom: zd)
  for (int i = 0; i < 1000; i++) zd += std::complex<double>(1, i);
  CHECK(z == std::complex<double>(499500, -499500), "complex host reduction %g%+gi", z.real(), z.imag());
  CHECK(zd == std::complex<double>(1000, 499500), "complex device reduction %g%+gi", zd.real(), zd.imag());

  // 7. exceptions thrown and caught inside parallel regions and tasks
  int caught = 0, task_caught = 0;
  #pragma omp parallel num_threads(4) reduction(+: caught)
  {
    try {
      throw std::runtime_error("per thread");
    } catch (const std::runtime_error &) {
      caught++;
    }
    #pragma omp single
    for (int t = 0; t < 20; t++) {
      #pragma omp task shared(task_caught)
      {
        try {
          if (t % 2) throw t;
        } catch (int) {
          #pragma omp atomic
          task_caught++;
        }
      }
    }
  }
  CHECK(caught == 4, "exceptions caught in parallel: %d", caught);
  CHECK(task_caught == 10, "exceptions caught in tasks: %d", task_caught);

  if (fail) return 1;
  std::printf("OK\n");
  return 0;
}
