// Where a spool's records go as the reader checks them (src/cirron/spool_reader.hpp): the
// typed spool of tracedoc/cirron_spool.hpp, the scope-shape findings and the conversion to a
// trace are each one of these.
#pragma once

#include <cstdint>
#include <string_view>

#include "cirron/id_registry.hpp"
#include "cirron/line_counter.hpp"
#include "cirron/spool_records.hpp"
#include "json/json_tape.hpp"

namespace tracedoc::cirron {

/// Where a record was read: its batch, its place in its array, where it starts in its file,
/// and its nodes on the tape (for keeping it whole as JSON), valid during the call only.
struct RecordSource {
  json::Tape& tape;
  std::uint32_t node = 0;
  RecordPlace place;
  TextPosition position;
};

/// A batch read whole: its file's name and path, its place among the spool's batches, its
/// object on the tape (node 0), and the NaN and Infinity literals it held.
struct BatchSource {
  json::Tape& tape;
  std::string_view file_name;
  std::string_view path;
  std::uint32_t batch = 0;
  std::uint64_t non_finite_numbers = 0;
};

/// Receives a spool's records, batch by batch in file-name order, each record once it has
/// passed its own rules and before the rest of its batch is read: a read that fails later
/// may already have handed some of its batch's records. Views are valid during the call.
class SpoolSink {
 public:
  virtual ~SpoolSink() = default;
  virtual void OnSpan(const SpanView& span, const RecordSource& source) = 0;
  virtual void OnMark(const MarkView& mark, const RecordSource& source) = 0;
  virtual void OnSnapshot(const SnapshotView& snapshot, const RecordSource& source) = 0;
  /// After the batch's records, once the whole batch has passed its rules.
  virtual void OnBatch(const BatchView& batch, const BatchSource& source) = 0;
};

}  // namespace tracedoc::cirron
