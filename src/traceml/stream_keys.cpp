#include "traceml/stream_keys.hpp"

#include <cstddef>
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

std::uint64_t StreamKeys::DeviceNumber(std::string_view device) {
  if (const auto at = devices_.find(device); at != devices_.end()) return at->second;
  const std::uint64_t number = devices_.size();
  devices_.emplace(std::string(device), number);
  return number;
}

template <class Lines, class K>
std::optional<std::uint64_t> StreamKeys::Remember(Lines& lines, const K& key,
                                                  std::uint64_t line) {
  const auto [at, inserted] = lines.try_emplace(key, line);
  if (inserted) return std::nullopt;
  return at->second;
}

template <class View>
std::optional<std::uint64_t> StreamKeys::Insert(const View& view, std::uint64_t line) {
  if constexpr (std::is_same_v<View, OutputLineView>) {
    return std::nullopt;
  } else {
    constexpr std::size_t kParts = std::is_same_v<View, StepMemoryView> ||
                                           std::is_same_v<View, SystemGpuView>
                                       ? 3
                                   : std::is_same_v<View, RuntimeEnvironmentView> ? 1
                                                                                  : 2;
    Key<kParts> key{};
    std::size_t at = 0;
    const auto put = [&](std::optional<std::uint64_t> value) {
      if (value) {
        key[at] = *value;
        key[kParts] |= std::uint64_t{1} << at;
      }
      ++at;
    };
    VisitKey(view, [&](std::string_view, const auto& value) {
      if constexpr (std::is_same_v<std::remove_cvref_t<decltype(value)>, Text>) {
        put(value ? std::optional<std::uint64_t>(DeviceNumber(*value)) : std::nullopt);
      } else {
        put(value);
      }
    });
    if constexpr (std::is_same_v<View, StepTimeView>) return Remember(step_time_, key, line);
    if constexpr (std::is_same_v<View, StepMemoryView>) return Remember(step_memory_, key, line);
    if constexpr (std::is_same_v<View, SystemView>) return Remember(system_, key, line);
    if constexpr (std::is_same_v<View, SystemGpuView>) return Remember(system_gpu_, key, line);
    if constexpr (std::is_same_v<View, ProcessView>) return Remember(process_, key, line);
    if constexpr (std::is_same_v<View, RuntimeEnvironmentView>) {
      return Remember(runtime_environment_, key, line);
    }
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
