// `requires unified_shared_memory` with C++ objects: declare-target globals
// holding std::string are the host's objects on the device (clang-19
// reaches them through reference pointers that the runtime points at the
// host copies when it loads the image), so their heap buffers are usable
// there, as are host objects with virtual functions, and writes from the
// device land on the host.
#include <omp.h>
#include <cstdio>
#include <string>

#pragma omp requires unified_shared_memory

static int fail;
#define CHECK(c, ...) do { if (!(c)) { std::printf(__VA_ARGS__); std::printf("\n"); fail = 1; } } while (0)

#pragma omp begin declare target
struct Employee {
  std::string name;
  int id = 0;
};
Employee staff;

struct Shape {
  virtual ~Shape() {}
  virtual int sides() const { return 0; }
};
struct Square : Shape {
  int sides() const override { return 4; }
};
int hits[8];
#pragma omp end declare target

int main() {
  staff.name = "a name long enough to live on the heap, not in the string";
  staff.id = 1234;
  int ndev = omp_get_num_devices();
  for (int d = 0; d < ndev && d < 8; d++) {
    int same = 0, id = -1, sides = -1;
    const char *host_chars = staff.name.data();
    Square square;
    const Shape *shape = &square; // a host object, its vtable the host's
    #pragma omp target device(d) map(from: same, id, sides)
    {
      same = staff.name.data() == host_chars && staff.name.size() == 57;
      id = staff.id;
      staff.id += 1;
      sides = shape->sides();
      hits[d] = d + 100;
    }
    CHECK(same, "device %d: staff.name is not the host's string", d);
    CHECK(id == 1234 + d, "device %d: staff.id %d", d, id);
    CHECK(sides == 4, "device %d: virtual call answered %d", d, sides);
    CHECK(hits[d] == d + 100, "device %d: hits[%d]=%d on the host", d, d, hits[d]);
  }
  CHECK(staff.id == 1234 + (ndev < 8 ? ndev : 8), "staff.id after all devices: %d", staff.id);
  if (fail) return 1;
  std::printf("OK\n");
  return 0;
}
