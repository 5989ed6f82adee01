#include "traceml/stream_keys.hpp"

#include <cstddef>
#include <string_view>
#include <type_traits>

#include "tracedoc/diagnostic.hpp"

namespace tracedoc::traceml {
namespace {

using Count = std::optional<std::uint64_t>;
using Text = std::optional<std::string_view>;

// Each stream's key, its parts in order, each handed to `part(name, value)`.
template <class Part>
void VisitKey(const StepTimeView& r, Part&& part) {
  part("global_rank", r.head.global_rank);
  part("step", r.step);
}
template <class Part>
void VisitKey(const StepMemoryView& r, Part&& part) {
  part("global_rank", r.head.global_rank);
  part("device", r.device);
  part("step", r.step);
}
// system and process: one snapshot of a rank.
template <class Snapshot, class Part>
requires std::is_same_v<Snapshot, SystemView> || std::is_same_v<Snapshot, ProcessView>
void VisitKey(const Snapshot& r, Part&& part) {
  part("global_rank", r.head.global_rank);
  part("seq", r.head.seq);
}
template <class Part>
void VisitKey(const SystemGpuView& r, Part&& part) {
  part("global_rank", r.head.global_rank);
  part("seq", r.head.seq);
  part("gpu_idx", Count(r.gpu_idx));
}
template <class Part>
void VisitKey(const RuntimeEnvironmentView& r, Part&& part) {
  part("global_rank", r.head.global_rank);
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
    out += value ? QuoteName(*value) : "null";
  }
};

}  // namespace

template <class View>
std::optional<std::uint64_t> StreamKeys::Insert(const View& view, std::uint64_t line) {
  if constexpr (std::is_same_v<View, OutputLineView>) {
    return std::nullopt;
  } else {
    key_.clear();
    VisitKey(view, EncodePart{key_});
    FirstLines& lines = first_lines_[static_cast<std::size_t>(view.head.stream.stream)];
    const auto [at, inserted] = lines.try_emplace(key_, line);
    if (inserted) return std::nullopt;
    return at->second;
  }
}

template <class View>
std::string StreamKeys::Shown(const View& view) {
  std::string out = "(";
  if constexpr (!std::is_same_v<View, OutputLineView>) VisitKey(view, ShowPart{out});
  out += ')';
  return out;
}

#define TRACEDOC_TRACEML_KEYS_OF(View)                                                 \
  template std::optional<std::uint64_t> StreamKeys::Insert(const View&, std::uint64_t); \
  template std::string StreamKeys::Shown(const View&);
TRACEDOC_TRACEML_KEYS_OF(StepTimeView)
TRACEDOC_TRACEML_KEYS_OF(StepMemoryView)
TRACEDOC_TRACEML_KEYS_OF(SystemView)
TRACEDOC_TRACEML_KEYS_OF(SystemGpuView)
TRACEDOC_TRACEML_KEYS_OF(ProcessView)
TRACEDOC_TRACEML_KEYS_OF(RuntimeEnvironmentView)
TRACEDOC_TRACEML_KEYS_OF(OutputLineView)
#undef TRACEDOC_TRACEML_KEYS_OF

}  // namespace tracedoc::traceml
