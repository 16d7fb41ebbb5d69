/* The library mock_dlopen loads and unloads: one target region. */
void library_run(int *data) {
#pragma omp target map(tofrom : data[0 : 4])
  for (int i = 0; i < 4; i++)
    data[i] += 0;
}
