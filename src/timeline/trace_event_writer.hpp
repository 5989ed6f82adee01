// Writes the events of a Chrome Trace Event file, one per line, into a JsonSink: the `ph`, `name`,
// `cat`, `pid`, `tid` and `ts` members in one place, times as microseconds with exactly
// three decimals, and thread ids handed out once for the whole file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "emit/json_emitter.hpp"
#include "emit/json_sink.hpp"
#include "timeline/timeline_output.hpp"

namespace tracedoc::timeline {

/// Room for any u64 of nanoseconds written by PutMicroseconds (21 bytes).
inline constexpr std::size_t kMicrosecondsBytes = 24;
/// Writes `ns` nanoseconds at `out` as microseconds with exactly three decimals (1234567 →
/// `1234.567`), as Kineto does; `out` has room for kMicrosecondsBytes. Returns the end.
char* PutMicroseconds(char* out, std::uint64_t ns);

/// The `traceEvents` array, event by event. Each Begin… call writes an event's common members
/// and leaves the event open: the caller adds members (`args`) through json() and ends it with
/// End(). Nothing else may be written between Begin and End.
class TraceEventWriter {
 public:
  /// Writes `{"traceEvents":[` into `sink`.
  explicit TraceEventWriter(emit::JsonSink& sink);
  TraceEventWriter(const TraceEventWriter&) = delete;
  TraceEventWriter& operator=(const TraceEventWriter&) = delete;

  /// A thread id not used before in this file. Perfetto keys thread names by tid alone, as a
  /// kernel's tids are unique, so no two processes may share one.
  std::uint32_t NewTid() { return next_tid_++; }

  /// `{"ph":"M","name":"process_name",…,"args":{"name":NAME}}`, and the same for a thread.
  void ProcessName(Track track, std::string_view name) { Metadata("process_name", track, name); }
  void ThreadName(Track track, std::string_view name) { Metadata("thread_name", track, name); }

  /// A slice's begin `B` or end `E` at `timestamp_ns`. The caller gives both the same name,
  /// category and `args`: speedscope pairs an end with a begin by name and args, and Perfetto
  /// merges the end's args into the slice's (docs/chrome-trace.md §1).
  void BeginSliceStart(std::string_view name, std::string_view category, Track track,
                       std::uint64_t timestamp_ns) {
    BeginSliceEdge("B", name, category, track, timestamp_ns);
  }
  void BeginSliceEnd(std::string_view name, std::string_view category, Track track,
                     std::uint64_t timestamp_ns) {
    BeginSliceEdge("E", name, category, track, timestamp_ns);
  }
  /// A zero-length slice: an instant `i` of the thread (`"s":"t"`).
  void BeginThreadInstant(std::string_view name, std::string_view category, Track track,
                          std::uint64_t timestamp_ns);
  /// A counter `C` of the track's process: each member of `args` is one counter track.
  void BeginCounter(std::string_view name, Track track, std::uint64_t timestamp_ns);
  /// An instant `i` of the process (`"s":"p"`) or of the whole trace (`"s":"g"`).
  void BeginProcessInstant(std::string_view name, Track track, std::uint64_t timestamp_ns) {
    BeginInstant("p", name, track, timestamp_ns);
  }
  void BeginGlobalInstant(std::string_view name, Track track, std::uint64_t timestamp_ns) {
    BeginInstant("g", name, track, timestamp_ns);
  }

  /// The open event's emitter, to add members.
  emit::JsonEmitter& json() { return *json_; }
  /// Closes the open event.
  void End();

  /// Closes the array and writes the rest of the object: `"displayTimeUnit":"ns"` and the
  /// `metadata` key, whose value the caller writes through the returned emitter, then Finish().
  emit::JsonEmitter& BeginMetadata();
  /// Closes the top-level object.
  void Finish();

 private:
  void Begin(std::string_view phase, std::string_view name);
  void Metadata(std::string_view kind, Track track, std::string_view name);
  void BeginInstant(std::string_view scope, std::string_view name, Track track,
                    std::uint64_t timestamp_ns);
  void BeginSliceEdge(std::string_view phase, std::string_view name, std::string_view category,
                      Track track, std::uint64_t timestamp_ns);
  void Timestamp(std::string_view key, std::uint64_t ns);

  emit::JsonSink& sink_;
  // A fresh emitter per event: the array's separators (a comma and a line break) are written
  // here, which the emitter's comma rule does not know.
  std::optional<emit::JsonEmitter> json_;
  bool first_ = true;
  std::uint32_t next_tid_ = 1;
};

}  // namespace tracedoc::timeline
