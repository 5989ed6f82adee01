// The keys that identify one row of a stream (docs/traceml-export.md, "Duplicates"):
// (global_rank, step) for step_time, (global_rank, device, step) for step_memory,
// (global_rank, seq) for system and process, (global_rank, seq, gpu_idx) for system_gpu,
// global_rank for runtime_environment; stdout_stderr has none. Duplicates are kept: the tables
// only tell a record whose key was seen before, and where. A null is a value of its own in a key.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/unordered/unordered_flat_map.hpp>

#include "traceml/export_records.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::traceml {

class StreamKeys {
 public:
  /// The line of the first record of the view's stream with its key, when there was one;
  /// otherwise `line` is remembered for its key and the result is empty (always so for
  /// stdout_stderr). Memory: a few words per distinct key (every export has one per record),
  /// and each distinct device once.
  template <class View>
  std::optional<std::uint64_t> Insert(const View& view, std::uint64_t line);

  /// The view's key with its values as messages show them, e.g. `(global_rank 1, step 4)`; a
  /// device is quoted with a bound (QuoteName).
  template <class View>
  static std::string Shown(const View& view);

 private:
  // A key of N parts: the parts as numbers (a device as its number among the devices met),
  // then one word saying which parts are null, so that null is a value of its own.
  template <std::size_t N>
  using Key = std::array<std::uint64_t, N + 1>;
  struct KeyHash {
    template <std::size_t M>
    std::size_t operator()(const std::array<std::uint64_t, M>& key) const noexcept {
      return util::HashBytes(
          std::string_view(reinterpret_cast<const char*>(key.data()), sizeof(key)));
    }
  };
  template <std::size_t N>
  using FirstLines = boost::unordered_flat_map<Key<N>, std::uint64_t, KeyHash>;

  template <class Lines, class K>
  static std::optional<std::uint64_t> Remember(Lines& lines, const K& key, std::uint64_t line);
  std::uint64_t DeviceNumber(std::string_view device);

  FirstLines<2> step_time_;
  FirstLines<3> step_memory_;
  FirstLines<2> system_;
  FirstLines<3> system_gpu_;
  FirstLines<2> process_;
  FirstLines<1> runtime_environment_;
  boost::unordered_flat_map<std::string, std::uint64_t, util::SeededHash, std::equal_to<>>
      devices_;
};

}  // namespace tracedoc::traceml
