// A JSON path inside one batch file, such as `spans[3].end_ns`: what an error or warning names,
// and what the position finder looks for.
#ifndef TRACEDOC_CIRRON_JSON_PATH_HPP_
#define TRACEDOC_CIRRON_JSON_PATH_HPP_

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace tracedoc::cirron {

/// A path of at most kMaxDepth steps. Keys are the format's own field names (string literals),
/// so a path owns nothing and copies for free.
class JsonPath {
 public:
  static constexpr std::size_t kMaxDepth = 6;

  struct Step {
    std::string_view key;  ///< empty for an array index
    std::size_t index = 0;
    friend bool operator==(const Step&, const Step&) = default;
  };

  /// This path followed by member `key` (a literal that outlives the path).
  JsonPath Key(std::string_view key) const noexcept;
  /// This path followed by array element `index`.
  JsonPath Index(std::size_t index) const noexcept;

  std::size_t depth() const noexcept { return depth_; }
  const Step& step(std::size_t i) const noexcept { return steps_[i]; }
  /// The first `depth` steps.
  JsonPath Prefix(std::size_t depth) const noexcept;

  /// `spans[3].end_ns`; empty for the root.
  std::string ToString() const;

  friend bool operator==(const JsonPath& a, const JsonPath& b) noexcept;

 private:
  JsonPath Append(Step step) const noexcept;

  std::array<Step, kMaxDepth> steps_{};
  std::size_t depth_ = 0;
};

}  // namespace tracedoc::cirron

#endif  // TRACEDOC_CIRRON_JSON_PATH_HPP_
