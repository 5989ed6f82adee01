// Two small runs for the diff's tests (tests/diff, tests/cli): one shape, with the changes a test
// injects into the candidate (a slower op, a renamed span, an extra storage live at the peak, a
// health issue), so every expected figure can be worked out by hand.
#ifndef TRACEDOC_TESTS_SUPPORT_DIFF_RUNS_HPP_
#define TRACEDOC_TESTS_SUPPORT_DIFF_RUNS_HPP_

#include <cstdint>
#include <string>
#include <string_view>

#include "support/test_traces.hpp"

namespace tracedoc::testdata {

struct DiffRunShape {
  /// The name of span `s`, the root `train`'s one child.
  std::string_view child_name = "forward";
  /// The duration of `matmul`, the first of the child's two ops (`add` takes 200 ns).
  std::uint64_t matmul_ns = 1000;
  /// A third storage (64 bytes, at 25 ns), live at the peak (30 ns, 150 bytes without it).
  bool extra_storage = false;
  /// A free of a storage never allocated (health: `unpaired_free`).
  bool unpaired_free = false;
};

/// The run: root `train` (measured, 2000 ns) with child `s` (1500 ns) holding `matmul` and
/// `add`; on `cpu`, storages st1 (100 B, from 20 ns) and st2 (50 B, 30–40 ns).
inline std::string DiffRun(const DiffRunShape& shape = {}) {
  std::string root = SpanStartLine("root", "train", 0);
  root.replace(root.find("\"measured\":false"), 16, "\"measured\":true");
  std::string text =
      std::string(kMeta10) + '\n' + root + '\n' + SpanStartLine("s", shape.child_name, 10, "root") +
      '\n' + OpLine("s", "matmul", 10, shape.matmul_ns) + '\n' + OpLine("s", "add", 1100, 200) +
      '\n' + MemoryLine(20, "st1", "cpu", 100, "alloc") + '\n';
  if (shape.extra_storage) text += MemoryLine(25, "st3", "cpu", 64, "alloc") + '\n';
  text += MemoryLine(30, "st2", "cpu", 50, "alloc") + '\n';
  text += MemoryLine(40, "st2", "cpu", 0, "free") + '\n';
  if (shape.unpaired_free) text += MemoryLine(45, "ghost", "cpu", 0, "free") + '\n';
  return text + SpanEndLine("s", 1500) + '\n' + SpanEndLine("root", 2000) + '\n' +
         CompleteTerminalLine(2000) + '\n';
}

}  // namespace tracedoc::testdata

#endif  // TRACEDOC_TESTS_SUPPORT_DIFF_RUNS_HPP_
