// One line of a TraceML export being read: its parsed tape, where it is, the read's options,
// and how a rule it breaks becomes an error or a warning. Shared by the readers of its parts
// (columns, events map, closing line).
#ifndef TRACEDOC_TRACEML_LINE_CONTEXT_HPP_
#define TRACEDOC_TRACEML_LINE_CONTEXT_HPP_

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>

#include "json/json_tape.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/traceml_export.hpp"

namespace tracedoc::traceml {

class LineContext {
 public:
  LineContext(const json::Tape& tape, const TraceMLReadOptions& options, TraceMLExport& out)
      : tape_(tape), options_(options), out_(out) {}

  /// Moves to a new parsed line (1-based physical `line`, `index` among non-blank lines).
  void StartLine(std::uint64_t line, std::uint64_t index) {
    line_ = line;
    index_ = index;
    unescaped_.clear();
  }

  const json::Tape& tape() const { return tape_; }
  const json::Node& node(std::uint32_t i) const { return tape_.node(i); }
  /// The unescaped text of a string node (a long escaped one is unescaped once, here).
  std::string_view text(std::uint32_t i);
  std::uint64_t line() const { return line_; }
  bool strict() const { return options_.strict; }

  /// The error `code` at this line about `field`.
  Error Fail(ErrorCode code, std::string field, std::string message) const {
    return Error{code, line_, index_, std::nullopt, std::move(field), std::move(message)};
  }
  /// invalid_type: the value at `node` is not `expected` (e.g. "an integer").
  Error FailType(std::uint32_t node, std::string field, std::string_view expected) const;

  /// Records a warning at this line. `message` is only built when the warning is kept, so
  /// a line with 10^5 unknown fields costs no more than their count past max_warnings.
  template <class Message>
  void Warn(TraceMLWarningCode code, std::string_view field, Message&& message) {
    ++out_.total_warnings;
    if (out_.warnings.size() >= options_.max_warnings) return;
    out_.warnings.push_back(TraceMLWarning{code, line_, std::string(field), message()});
  }

 private:
  const json::Tape& tape_;
  const TraceMLReadOptions& options_;
  TraceMLExport& out_;
  std::uint64_t line_ = 0;
  std::uint64_t index_ = 0;
  // Long escaped strings of this line, unescaped (a deque: the views handed out stay valid).
  std::deque<std::string> unescaped_;
};

/// The value node of the first member named `key` of the object at `node`; 0 when none (node 0
/// is the line's own value, never a member).
std::uint32_t FindMember(LineContext& ctx, std::uint32_t node, std::string_view key);

/// `prefix.key`, or `key` alone when `prefix` is empty: the path of a field in messages.
std::string FieldPath(std::string_view prefix, std::string_view key);

}  // namespace tracedoc::traceml

#endif  // TRACEDOC_TRACEML_LINE_CONTEXT_HPP_
