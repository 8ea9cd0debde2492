/* fresh-memory: how long this machine takes to hand a process memory it has not touched yet.
 *
 * Maps 256 MiB, writes one byte in each 4 KiB page and prints the time per page, in
 * microseconds. On a virtual machine whose host takes back the memory its guest freed, a page
 * touched for the first time can cost ten times what it costs when the host still backs it:
 * `replay html` touches about 200 MB on the 1M file (its page is 125 MB) and its wall time
 * moves with this figure, which `Benchmarks/run.sh` prints at the start and at the end of a run.
 * Usage: fresh-memory [MIB] (default 256).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

static double seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  size_t mib = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 256;
  if (mib == 0) {
    fprintf(stderr, "usage: fresh-memory [MIB], MIB > 0\n");
    return 64;
  }
  size_t size = mib << 20, page = 4096;
  volatile char *bytes =
      mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (bytes == MAP_FAILED) {
    perror("mmap");
    return 1;
  }
  double start = seconds();
  for (size_t offset = 0; offset < size; offset += page) bytes[offset] = 1;
  double elapsed = seconds() - start;
  printf("%.2f\n", elapsed / (double)(size / page) * 1e6);
  return 0;
}
