// Builds the span index in linear time (plus one sort of the spans by start): the parent walks
// share their work, so a chain of a million spans costs a million steps and no recursion, not
// the walk per span the definition of depth suggests.
#include "document/span_index_data.hpp"

#include <algorithm>
#include <exception>
#include <numeric>
#include <optional>
#include <thread>

#include "document/cached_span_find.hpp"

namespace tracedoc::detail {
namespace {

constexpr std::uint32_t kNoOwner = SpanIndexData::kNoParent;

// Groups `count` items, taken in order k = 0, 1, …, by owner: item k is `item_of(k)` and belongs
// to `owner_of(k)` (kNoOwner: to none). Each list keeps the items' order. Empty when no item has
// an owner, so record kinds a trace lacks cost nothing per span.
template <class OwnerOf, class ItemOf>
PositionLists Group(std::size_t owners, std::size_t count, OwnerOf owner_of, ItemOf item_of) {
  PositionLists lists;
  std::vector<std::uint32_t> starts(owners + 1, 0);
  std::size_t owned = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const std::uint32_t owner = owner_of(k);
    if (owner == kNoOwner) continue;
    ++starts[owner + 1];
    ++owned;
  }
  if (owned == 0) return lists;
  std::partial_sum(starts.begin(), starts.end(), starts.begin());
  lists.items.resize(owned);
  lists.offsets = starts;
  for (std::size_t k = 0; k < count; ++k) {
    const std::uint32_t owner = owner_of(k);
    if (owner != kNoOwner) lists.items[starts[owner]++] = item_of(k);
  }
  return lists;
}

// The records naming each span, by record position.
template <class Records>
PositionLists GroupBySpan(std::size_t spans, const Records& records,
                          const SpanIdTable& ids) {
  CachedSpanFind<SpanIdTable> find(ids);
  std::vector<std::uint32_t> owners(records.size());
  for (std::size_t k = 0; k < records.size(); ++k) {
    owners[k] = find.Find(records[k].span_id).value_or(kNoOwner);
  }
  return Group(
      spans, records.size(), [&](std::size_t k) { return owners[k]; },
      [](std::size_t k) { return static_cast<std::uint32_t>(k); });
}

}  // namespace

void SpanIndexData::Build(const CompactList<SpanRecord>& spans, RecordList<OpRecord> op_records,
                          RecordList<TensorRecord> tensor_records,
                          RecordList<MemoryRecord> memory_records, unsigned threads) {
  const auto n = static_cast<std::uint32_t>(spans.size());
  ids.Reindex(n);
  parents.assign(n, kNoParent);
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::optional<std::string_view> parent_id = spans.Get<&SpanRecord::parent_id>(i);
    if (!parent_id) continue;
    parents[i] = ids.Find(*parent_id).value_or(kUnknownParent);
  }

  // One walk up from each span not yet done, stopping at a span done before, at a span already
  // on this walk (a cycle: every span from there on gets the cycle's length), or at the top.
  // The spans on the walk are then done from the top down.
  chains.assign(n, 0);
  reaches_cycle.assign(n, false);
  enum : std::uint8_t { kNew, kOnPath, kDone };
  std::vector<std::uint8_t> state(n, kNew);
  std::vector<std::uint32_t> position_on_path(n, 0);
  std::vector<std::uint32_t> path;
  const auto depth_of = [&](std::uint32_t i) -> std::uint32_t {
    if (parents[i] == kNoParent) return 0;
    if (parents[i] == kUnknownParent) return 1;
    return chains[parents[i]];
  };
  for (std::uint32_t start = 0; start < n; ++start) {
    if (state[start] != kNew) continue;
    path.clear();
    bool cyclic = false;
    for (std::uint32_t j = start;;) {
      if (state[j] == kDone) {
        cyclic = reaches_cycle[j];
        break;
      }
      if (state[j] == kOnPath) {
        const auto cycle_length = static_cast<std::uint32_t>(path.size() - position_on_path[j]);
        for (std::size_t k = position_on_path[j]; k < path.size(); ++k) {
          chains[path[k]] = cycle_length;
          reaches_cycle[path[k]] = true;
          state[path[k]] = kDone;
        }
        cyclic = true;
        break;
      }
      state[j] = kOnPath;
      position_on_path[j] = static_cast<std::uint32_t>(path.size());
      path.push_back(j);
      if (parents[j] >= kUnknownParent) break;
      j = parents[j];
    }
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      if (state[*it] == kDone) continue;
      chains[*it] = 1 + depth_of(*it);
      reaches_cycle[*it] = cyclic;
      state[*it] = kDone;
    }
  }
  // A span whose id an earlier span shares (never in a folded document) answers as the span
  // its id finds: the walk of docs/analyses.md §6.3 check 8 goes by ids.
  if (ids.size() != n) {
    for (std::uint32_t i = 0; i < n; ++i) {
      reaches_cycle[i] = reaches_cycle[*ids.Find(spans.Get<&SpanRecord::id>(i))];
    }
  }
  max_depth = 0;
  for (std::uint32_t i = 0; i < n; ++i) max_depth = std::max<std::uint64_t>(max_depth, depth_of(i));

  // Children and roots in start order, ties by id (position).
  std::vector<std::uint32_t> by_start(n);
  std::iota(by_start.begin(), by_start.end(), std::uint32_t{0});
  const auto start_of = [&](std::uint32_t i) { return spans.Get<&SpanRecord::start_ns>(i); };
  std::sort(by_start.begin(), by_start.end(), [&](std::uint32_t a, std::uint32_t b) {
    return start_of(a) != start_of(b) ? start_of(a) < start_of(b) : a < b;
  });
  children = Group(
      n, n,
      [&](std::size_t k) {
        const std::uint32_t parent = parents[by_start[k]];
        return parent >= kUnknownParent ? kNoOwner : parent;
      },
      [&](std::size_t k) { return by_start[k]; });
  roots.clear();
  for (const std::uint32_t span : by_start) {
    if (parents[span] == kNoParent) roots.push_back(span);
  }
  roots.shrink_to_fit();

  // The three groupings only read the id table; each lookup is a few cache misses, so two
  // threads halve the longest part of a big document's sealing.
  auto group_memory = [&] { memory = GroupBySpan(n, memory_records, ids); };
  std::exception_ptr failure;
  std::optional<std::thread> helper;
  if (threads > 1 && !memory_records.empty()) {
    helper.emplace([&] {
      try {
        group_memory();
      } catch (...) {
        failure = std::current_exception();  // std::bad_alloc, rethrown here as on one thread
      }
    });
  }
  ops = GroupBySpan(n, op_records, ids);
  tensors = GroupBySpan(n, tensor_records, ids);
  if (helper) {
    helper->join();
    if (failure) std::rethrow_exception(failure);
  } else {
    group_memory();
  }
}

std::size_t SpanIndexData::memory_bytes() const noexcept {
  return ids.memory_bytes() +
         (parents.capacity() + chains.capacity() + roots.capacity()) * sizeof(std::uint32_t) +
         reaches_cycle.capacity() / 8 + children.memory_bytes() + ops.memory_bytes() +
         tensors.memory_bytes() + memory.memory_bytes();
}

}  // namespace tracedoc::detail
