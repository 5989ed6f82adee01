// Stage one and the whole pipeline: bytes from a string, a file or standard input, split into
// lines (docs/trace-format.md §2.1), decoded and folded as they arrive; the first error stops the read.
#ifndef TRACEDOC_READER_HPP_
#define TRACEDOC_READER_HPP_

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/record_decoder.hpp"

namespace tracedoc {

/// Every error of one read, in the order the read met them: line order, then the end-of-stream
/// checks (docs/tracedoc.md §2.1). Filled by a read given ReadOptions::collect_errors.
struct ErrorLog {
  /// Errors kept; past this many (at least the first is always kept) they are only counted.
  std::size_t max_errors = 100;
  /// The errors kept. The first is exactly the plain read's error; each later message is cut to
  /// kMaxLoggedMessageBytes (at a UTF-8 boundary, `…` appended), so the log stays small
  /// whatever the lines hold.
  std::vector<Error> errors;
  /// Every error found, kept or not.
  std::uint64_t total = 0;

  static constexpr std::size_t kMaxLoggedMessageBytes = 1024;
};

/// Bounds of a read (docs/tracedoc.md §5); each one, exceeded, fails with limit_exceeded.
struct ReadOptions {
  DecodeOptions decode;
  /// Longest physical line in bytes, without its `\n`. Default 256 MiB. A file is read in
  /// chunks, so this is also the most a read buffers at once.
  std::size_t max_line_bytes = std::size_t{256} << 20;
  /// Most non-blank records; 0 means no bound (the default).
  std::uint64_t max_records = 0;
  /// Threads that decode lines; 0 or 1 reads on the calling thread alone. With more, blocks of
  /// lines are decoded in parallel and folded in order on the calling thread: the document and
  /// the first error are exactly those of the one-thread read.
  unsigned threads = 1;
  /// When set, the read goes on after an error and adds every error to the log: a line that is
  /// not UTF-8 or does not decode is skipped, a record that breaks a fold rule is not folded
  /// (the fold goes on from the state before it), and the end-of-stream checks run once at
  /// the end. An over-long line, an input that fails to be read and the record limit still end
  /// the read. The read still returns its first error, the one it returns without a log.
  ErrorLog* collect_errors = nullptr;
};

/// Where a trace comes from. A string input refers to the caller's text, which must outlive
/// the read.
class TraceInput {
 public:
  static TraceInput FromString(std::string_view text);
  static TraceInput FromFile(std::filesystem::path path);
  static TraceInput FromStandardInput();

  /// How errors and the command line name this input: the path, `-`, or `<string>`.
  std::string display_name() const;

 private:
  enum class Kind : std::uint8_t { kString, kFile, kStandardInput };
  friend class InputAccess;
  Kind kind_ = Kind::kString;
  std::string_view text_;
  std::filesystem::path path_;
};

/// Reads and folds a whole trace. Errors: any code of docs/tracedoc.md §2; io_error when a file
/// cannot be opened or read.
Result<TraceDocument> ReadTrace(const TraceInput& input, const ReadOptions& options = {});

/// Checks a trace without keeping its records: memory grows with the number of spans only.
/// Fails exactly where ReadTrace would.
Result<void> ValidateTrace(const TraceInput& input, const ReadOptions& options = {});

/// What a ReadEvents sink asks for after an event.
enum class EventControl : std::uint8_t { kContinue, kStop };

/// Receives one validated event and where it was. The event's strings and arrays are valid
/// during the call only: copy what you keep.
using EventSink = std::function<EventControl(const Event& event, const RecordPosition& position)>;

/// Streams the events of a trace to `sink`, in order, without holding the document: memory as
/// ValidateTrace. Each event has passed the record and fold rules before the sink sees it, so
/// the events seen are exactly the records ReadTrace would keep, up to the first error. That
/// error is the one ReadTrace reports, returned after the sink has seen every event before it;
/// the end-of-stream checks (missing_terminal and the others) run after the last event. A sink
/// that returns kStop ends the read there, successfully and without the end-of-stream checks.
/// The fold and the sink run on the calling thread; with `options.threads` > 1, workers decode
/// the lines ahead of it, and the sink sees the same events in the same order.
Result<void> ReadEvents(const TraceInput& input, const ReadOptions& options,
                        const EventSink& sink);

}  // namespace tracedoc

#endif  // TRACEDOC_READER_HPP_
