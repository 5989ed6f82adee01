// The order to visit a list in without moving it: its indices sorted by a comparison of the
// elements they point at, stably, so that equal elements keep the list's order and the result
// never depends on the sort.
#pragma once

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <vector>

namespace tracedoc::util {

/// The indices 0 … count − 1, ordered by `less(a, b)` on two indices; equal ones stay in
/// ascending order.
template <class Index, class Less>
std::vector<Index> StableOrder(std::size_t count, Less less) {
  std::vector<Index> order(count);
  std::iota(order.begin(), order.end(), Index{0});
  std::stable_sort(order.begin(), order.end(), less);
  return order;
}

}  // namespace tracedoc::util
