// The keys that identify one row of a stream (docs/traceml-export.md, "Duplicates"):
// (global_rank, step) for step_time, (global_rank, device, step) for step_memory,
// (global_rank, seq) for system and process, (global_rank, seq, gpu_idx) for system_gpu,
// global_rank for runtime_environment; stdout_stderr has none. Duplicates are kept: the sets
// only tell a record whose key was seen before. A null is a value of its own in a key.
#ifndef TRACEDOC_TRACEML_STREAM_KEYS_HPP_
#define TRACEDOC_TRACEML_STREAM_KEYS_HPP_

#include <array>
#include <string>

#include <boost/unordered/unordered_flat_set.hpp>

#include "tracedoc/traceml_export.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::traceml {

class StreamKeys {
 public:
  /// Whether the record's key is new in its stream (it is remembered); always true for
  /// stdout_stderr. Memory: one short key per record kept.
  bool Insert(const TraceMLStepTime& record);
  bool Insert(const TraceMLStepMemory& record);
  bool Insert(const TraceMLSystem& record);
  bool Insert(const TraceMLSystemGpu& record);
  bool Insert(const TraceMLProcess& record);
  bool Insert(const TraceMLRuntimeEnvironment& record);
  bool Insert(const TraceMLOutputLine& record);

  /// The key's fields as messages name them, e.g. "(global_rank, step)"; empty for none.
  static std::string_view KeyName(TraceMLStream stream);

 private:
  bool Remember(TraceMLStream stream);

  // Each key encoded as bytes (a tag and 8 bytes per number, a length before a string), so
  // that one hash set type serves every stream.
  using KeySet = boost::unordered_flat_set<std::string, util::SeededHash, std::equal_to<>>;
  std::array<KeySet, kTraceMLStreamCount> seen_;
  std::string key_;
};

}  // namespace tracedoc::traceml

#endif  // TRACEDOC_TRACEML_STREAM_KEYS_HPP_
