#include "traceml/stream_keys.hpp"

#include <cstddef>
#include <string_view>
#include <type_traits>

#include "text/debug_string.hpp"
#include "traceml/shown_input.hpp"

namespace tracedoc::traceml {
namespace {

using Count = std::optional<std::uint64_t>;
using Text = std::optional<std::string>;

// Each stream's key, its parts in order, each handed to `part(name, value)`.
template <class Part>
void VisitKey(const TraceMLStepTime& r, Part&& part) {
  part("global_rank", r.identity.global_rank);
  part("step", r.step);
}
template <class Part>
void VisitKey(const TraceMLStepMemory& r, Part&& part) {
  part("global_rank", r.identity.global_rank);
  part("device", r.device);
  part("step", r.step);
}
// system and process: one snapshot of a rank.
template <class Snapshot, class Part>
requires std::is_same_v<Snapshot, TraceMLSystem> || std::is_same_v<Snapshot, TraceMLProcess>
void VisitKey(const Snapshot& r, Part&& part) {
  part("global_rank", r.identity.global_rank);
  part("seq", r.identity.seq);
}
template <class Part>
void VisitKey(const TraceMLSystemGpu& r, Part&& part) {
  part("global_rank", r.identity.global_rank);
  part("seq", r.identity.seq);
  part("gpu_idx", Count(r.gpu_idx));
}
template <class Part>
void VisitKey(const TraceMLRuntimeEnvironment& r, Part&& part) {
  part("global_rank", r.identity.global_rank);
}

void AppendNumber(std::string& key, std::uint64_t value) {
  for (int b = 0; b < 8; ++b) key.push_back(static_cast<char>((value >> (8 * b)) & 0xFF));
}

// The bytes of one key part: the tag says null or not, so that null is a value of its own.
struct EncodePart {
  std::string& key;
  void operator()(std::string_view, const Count& value) const {
    key.push_back(value ? '1' : '0');
    AppendNumber(key, value.value_or(0));
  }
  void operator()(std::string_view, const Text& value) const {
    key.push_back(value ? '1' : '0');
    AppendNumber(key, value ? value->size() : 0);
    if (value) key += *value;
  }
};

// One key part as a message shows it: `name value`, comma-separated.
struct ShowPart {
  std::string& out;
  void Name(std::string_view name) const {
    if (out.size() > 1) out += ", ";
    out += name;
    out += ' ';
  }
  void operator()(std::string_view name, const Count& value) const {
    Name(name);
    out += value ? std::to_string(*value) : "null";
  }
  void operator()(std::string_view name, const Text& value) const {
    Name(name);
    if (!value) {
      out += "null";
      return;
    }
    text::AppendDebugQuoted(out, ShownInput(*value));
  }
};

template <class Record>
constexpr TraceMLStream StreamOf() {
  if constexpr (std::is_same_v<Record, TraceMLStepTime>) return TraceMLStream::kStepTime;
  if constexpr (std::is_same_v<Record, TraceMLStepMemory>) return TraceMLStream::kStepMemory;
  if constexpr (std::is_same_v<Record, TraceMLSystem>) return TraceMLStream::kSystem;
  if constexpr (std::is_same_v<Record, TraceMLSystemGpu>) return TraceMLStream::kSystemGpu;
  if constexpr (std::is_same_v<Record, TraceMLProcess>) return TraceMLStream::kProcess;
  return TraceMLStream::kRuntimeEnvironment;
}

}  // namespace

template <class Record>
std::optional<std::uint64_t> StreamKeys::Insert(const Record& record) {
  if constexpr (std::is_same_v<Record, TraceMLOutputLine>) {
    return std::nullopt;
  } else {
    key_.clear();
    VisitKey(record, EncodePart{key_});
    FirstLines& lines = first_lines_[static_cast<std::size_t>(StreamOf<Record>())];
    const auto [at, inserted] = lines.try_emplace(key_, record.base.line);
    if (inserted) return std::nullopt;
    return at->second;
  }
}

template <class Record>
std::string StreamKeys::Shown(const Record& record) {
  std::string out = "(";
  if constexpr (!std::is_same_v<Record, TraceMLOutputLine>) VisitKey(record, ShowPart{out});
  out += ')';
  return out;
}

template std::optional<std::uint64_t> StreamKeys::Insert(const TraceMLStepTime&);
template std::optional<std::uint64_t> StreamKeys::Insert(const TraceMLStepMemory&);
template std::optional<std::uint64_t> StreamKeys::Insert(const TraceMLSystem&);
template std::optional<std::uint64_t> StreamKeys::Insert(const TraceMLSystemGpu&);
template std::optional<std::uint64_t> StreamKeys::Insert(const TraceMLProcess&);
template std::optional<std::uint64_t> StreamKeys::Insert(const TraceMLRuntimeEnvironment&);
template std::optional<std::uint64_t> StreamKeys::Insert(const TraceMLOutputLine&);
template std::string StreamKeys::Shown(const TraceMLStepTime&);
template std::string StreamKeys::Shown(const TraceMLStepMemory&);
template std::string StreamKeys::Shown(const TraceMLSystem&);
template std::string StreamKeys::Shown(const TraceMLSystemGpu&);
template std::string StreamKeys::Shown(const TraceMLProcess&);
template std::string StreamKeys::Shown(const TraceMLRuntimeEnvironment&);
template std::string StreamKeys::Shown(const TraceMLOutputLine&);

}  // namespace tracedoc::traceml
