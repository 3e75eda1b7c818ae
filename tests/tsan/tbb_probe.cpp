// Self-check of scripts/ci_tsan.sh against its TSan-built oneTBB: without PROBE_RACE, data handed
// to and from tbb::parallel_for tasks must give no report (TBB's synchronisation is visible);
// with PROBE_RACE, an unsynchronised counter in the body must be reported.
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <cstdio>
#include <vector>

int main() {
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, 2);
  long total = 0;
  for (int rep = 0; rep < 50; ++rep) {
    std::vector<int> in(1000), out(1000);
    for (int i = 0; i < 1000; ++i) in[i] = i * rep;
    tbb::parallel_for(0, 1000, [&](int i) {
      out[i] = in[i] * 2;
#ifdef PROBE_RACE
      total += 1;
#endif
    });
    for (int v : out) total += v;
  }
  std::printf("%ld\n", total);
  return 0;
}
