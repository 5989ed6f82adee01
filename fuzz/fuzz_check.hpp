// The harnesses' assertion: an invariant that does not hold prints what broke and aborts, which
// libFuzzer reports as a crash (saving the input) and the replay main as a failed test.
#ifndef TRACEDOC_FUZZ_FUZZ_CHECK_HPP_
#define TRACEDOC_FUZZ_FUZZ_CHECK_HPP_

#include <cstdio>
#include <cstdlib>

// A macro rather than a function so the message names the file, line and failed expression.
#define TRACEDOC_FUZZ_CHECK(condition)                                                       \
  do {                                                                                       \
    if (!(condition)) {                                                                      \
      std::fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                                          \
    }                                                                                        \
  } while (false)

#endif  // TRACEDOC_FUZZ_FUZZ_CHECK_HPP_
