// The trace generator's source of choices: a seeded 64-bit Mersenne Twister with the few draws
// the generator needs. rapidcheck picks the seed and the size, so a failing case shrinks to a
// shorter stream and replays from the seed rapidcheck prints.
#ifndef TRACEDOC_TESTS_PROPERTY_RANDOM_SOURCE_HPP_
#define TRACEDOC_TESTS_PROPERTY_RANDOM_SOURCE_HPP_

#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <utility>
#include <vector>

namespace tracedoc::property {

inline constexpr std::uint64_t kU64Max = std::numeric_limits<std::uint64_t>::max();

class RandomSource {
 public:
  explicit RandomSource(std::uint64_t seed) : engine_(seed) {}

  std::uint64_t Bits() { return engine_(); }
  /// Uniform in [0, n); 0 when n is 0.
  std::uint64_t Below(std::uint64_t n) { return n == 0 ? 0 : engine_() % n; }
  /// Uniform in [0, n] for any n, kU64Max included.
  std::uint64_t UpTo(std::uint64_t n) { return n == kU64Max ? engine_() : Below(n + 1); }
  bool OneIn(std::uint64_t n) { return Below(n) == 0; }
  template <class T>
  const T& Pick(const std::vector<T>& items) {
    return items[Below(items.size())];
  }
  template <class T, std::size_t N>
  const T& Pick(const T (&items)[N]) {
    return items[Below(N)];
  }
  template <class T>
  void Shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[Below(i)]);
  }

 private:
  std::mt19937_64 engine_;
};

}  // namespace tracedoc::property

#endif  // TRACEDOC_TESTS_PROPERTY_RANDOM_SOURCE_HPP_
