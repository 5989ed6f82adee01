// The keys that identify one row of a stream (docs/traceml-export.md, "Duplicates"):
// (global_rank, step) for step_time, (global_rank, device, step) for step_memory,
// (global_rank, seq) for system and process, (global_rank, seq, gpu_idx) for system_gpu,
// global_rank for runtime_environment; stdout_stderr has none. Duplicates are kept: the tables
// only tell a record whose key was seen before, and where. A null is a value of its own in a key.
#ifndef TRACEDOC_TRACEML_STREAM_KEYS_HPP_
#define TRACEDOC_TRACEML_STREAM_KEYS_HPP_

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include <boost/unordered/unordered_flat_map.hpp>

#include "traceml/export_records.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::traceml {

class StreamKeys {
 public:
  /// The line of the first record of the view's stream with its key, when there was one;
  /// otherwise `line` is remembered for its key and the result is empty (always so for
  /// stdout_stderr). Memory: one short key and one line per distinct key.
  template <class View>
  std::optional<std::uint64_t> Insert(const View& view, std::uint64_t line);

  /// The view's key with its values as messages show them, e.g. `(global_rank 1, step 4)`; a
  /// device is quoted with a bound (QuoteName).
  template <class View>
  static std::string Shown(const View& view);

 private:
  // Each key encoded as bytes (a tag and 8 bytes per number, a length before a string), so
  // that one hash table type serves every stream.
  using FirstLines =
      boost::unordered_flat_map<std::string, std::uint64_t, util::SeededHash, std::equal_to<>>;
  std::array<FirstLines, kTraceMLStreamCount> first_lines_;
  std::string key_;
};

}  // namespace tracedoc::traceml

#endif  // TRACEDOC_TRACEML_STREAM_KEYS_HPP_
