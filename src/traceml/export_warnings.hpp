// The warnings of an export's read (docs/traceml-export.md, "Warnings and strict"), into the one
// bounded log: each at its line and column, its message built only while the log keeps it, and
// every name it echoes quoted with a bound.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "format/decode_context.hpp"
#include "tracedoc/diagnostic.hpp"

namespace tracedoc::traceml {

class ExportWarnings final : public format::ObjectWarnings {
 public:
  explicit ExportWarnings(DiagnosticLog& log) : log_(log) {}

  /// The line being read: its number, and the bytes of white space before its JSON (columns
  /// count from the line's start, the tape's offsets from its JSON's).
  void StartLine(std::uint64_t line, std::size_t leading) {
    line_ = line;
    leading_ = leading;
  }

  /// 1-based column of node `node` of the line's tape.
  std::uint64_t Column(const json::Tape& tape, std::uint32_t node) const {
    return leading_ + tape.offset(node) + 1;
  }

  /// Counts a warning at this line and, while the log has room, keeps it with the field
  /// `field()` and the message `message()` make (neither is built for a warning only counted).
  template <class Field, class Message>
  void Add(DiagnosticCode code, Field&& field, std::uint64_t column, Message&& message) {
    ++total_;
    if (!log_.WillKeep()) {
      log_.Count(Severity::kWarning);
      return;
    }
    std::string kept_field = field();
    Keep(code, std::move(kept_field), column, message());
  }

  void UnknownMember(const format::DecodeContext& ctx, const format::PathStep* object,
                     std::string_view key, std::uint32_t key_node) override;
  void OutOfOrder(const format::DecodeContext& ctx, const format::PathStep* object,
                  std::string_view key, std::string_view after, std::uint32_t key_node) override;

  /// Warnings of this read, kept or not.
  std::uint64_t total() const noexcept { return total_; }

 private:
  // A member's path as a warning shows it: its first 256 bytes (cut at the start of a
  // character), and its whole length; a path holds names of any length (an events phase's).
  struct Path {
    std::string text;
    std::size_t total = 0;
    bool cut = false;
    /// The diagnostic's field: the kept part, `…` after a cut.
    std::string Field() const;
    /// As QuoteName quotes it, with the whole path's length when cut.
    std::string Quoted() const;
  };
  static Path PathOf(const format::PathStep* object, std::string_view key);
  void Keep(DiagnosticCode code, std::string field, std::uint64_t column, std::string message);

  DiagnosticLog& log_;
  std::uint64_t line_ = 0;
  std::size_t leading_ = 0;
  std::uint64_t total_ = 0;
};

}  // namespace tracedoc::traceml
