// Paths of errors and warnings (docs/cirron-spool.md, "Errors").
#include "cirron/json_path.hpp"

namespace tracedoc::cirron {

JsonPath JsonPath::Append(Step step) const noexcept {
  JsonPath next = *this;
  // The format's paths are at most five steps (snapshots[i].stats.histogram.bins[j]).
  if (next.depth_ < kMaxDepth) next.steps_[next.depth_++] = step;
  return next;
}

JsonPath JsonPath::Key(std::string_view key) const noexcept { return Append(Step{key, 0}); }

JsonPath JsonPath::Index(std::size_t index) const noexcept { return Append(Step{{}, index}); }

JsonPath JsonPath::Prefix(std::size_t depth) const noexcept {
  JsonPath prefix = *this;
  if (depth < prefix.depth_) prefix.depth_ = depth;
  return prefix;
}

std::string JsonPath::ToString() const {
  std::string text;
  for (std::size_t i = 0; i < depth_; ++i) {
    const Step& step = steps_[i];
    if (step.key.empty()) {
      text += '[';
      text += std::to_string(step.index);
      text += ']';
    } else {
      if (!text.empty()) text += '.';
      text += step.key;
    }
  }
  return text;
}

bool operator==(const JsonPath& a, const JsonPath& b) noexcept {
  if (a.depth_ != b.depth_) return false;
  for (std::size_t i = 0; i < a.depth_; ++i) {
    if (!(a.steps_[i] == b.steps_[i])) return false;
  }
  return true;
}

}  // namespace tracedoc::cirron
