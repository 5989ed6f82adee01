#include "lenient_fold.hpp"

#include <cstdint>
#include <string>
#include <utility>

#include "tracedoc/reader.hpp"

namespace tracedoc::fuzz {
namespace {

// Enough for the repairs a mutation typically needs; keeps one input's work linear in practice.
constexpr int kMaxRepairs = 64;

// No evidence timestamp exceeds this, so the terminal never precedes evidence.
constexpr std::string_view kTerminal =
    R"({"kind":"terminal","outcome":"complete","timestamp_ns":18446744073709551615})";

// Removes physical line `line` (1-based) and its `\n`. False when there is no such line.
bool EraseLine(std::string& text, std::uint64_t line) {
  std::size_t begin = 0;
  for (std::uint64_t n = 1; n < line; ++n) {
    begin = text.find('\n', begin);
    if (begin == std::string::npos) return false;
    ++begin;
  }
  const std::size_t end = text.find('\n', begin);
  text.erase(begin, end == std::string::npos ? std::string::npos : end - begin + 1);
  return true;
}

}  // namespace

std::optional<TraceDocument> FoldLeniently(std::string_view bytes) {
  std::string text(bytes);
  bool terminal_added = false;
  for (int repair = 0; repair <= kMaxRepairs; ++repair) {
    Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
    if (document) return std::move(document).value();
    const Error& error = document.error();
    if (error.line > 0) {
      if (!EraseLine(text, error.line)) return std::nullopt;
    } else if (error.code == ErrorCode::kMissingTerminal && !terminal_added) {
      if (!text.empty() && text.back() != '\n') text += '\n';
      text += kTerminal;
      terminal_added = true;
    } else {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace tracedoc::fuzz
