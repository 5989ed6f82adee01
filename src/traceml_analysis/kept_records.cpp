// The first record of each stream key.
#include "traceml_analysis/kept_records.hpp"

#include <algorithm>
#include <optional>

namespace tracedoc::traceml_analysis {
namespace {

constexpr std::size_t StreamIndex(TraceMLStream stream) { return static_cast<std::size_t>(stream); }

// A key of the streams the summary only counts: (rank, seq) or the rank alone.
struct CountedKey {
  std::uint64_t rank = 0;
  std::uint64_t seq = 0;
  std::size_t index = 0;
  auto key() const { return std::tie(rank, seq); }
};

// Sorts `keys` by key, then file order, and keeps the first of each key; returns how many it
// dropped.
template <class Key>
std::uint64_t KeepFirst(std::vector<Key>& keys) {
  std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
    return a.key() < b.key() || (a.key() == b.key() && a.index < b.index);
  });
  std::size_t kept = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (kept != 0 && keys[kept - 1].key() == keys[i].key()) continue;
    keys[kept++] = keys[i];
  }
  const std::uint64_t dropped = keys.size() - kept;
  keys.resize(kept);
  return dropped;
}

class Keeper {
 public:
  explicit Keeper(KeptRecords& kept) : kept_(kept) {}

  // The key (rank, seq) of a snapshot stream; the rank alone when `seq` is not part of it.
  template <class Record>
  std::uint64_t CountSnapshots(const std::vector<Record>& records, TraceMLStream stream,
                               bool keyed_by_seq) {
    std::vector<CountedKey> keys;
    for (std::size_t i = 0; i < records.size(); ++i) {
      const TraceMLRankIdentity& id = records[i].identity;
      if (!Placed(stream, id.global_rank,
                  keyed_by_seq ? id.seq : std::optional<std::uint64_t>(0))) {
        continue;
      }
      keys.push_back({*id.global_rank, keyed_by_seq ? *id.seq : 0, i});
    }
    return KeepFirst(keys);
  }

  // Counts the record as unplaced when a key field is null; notes its rank otherwise.
  bool Placed(TraceMLStream stream, const std::optional<std::uint64_t>& rank,
              const std::optional<std::uint64_t>& other) {
    if (!rank || !other) {
      ++kept_.unplaced[StreamIndex(stream)];
      return false;
    }
    kept_.ranks.push_back(*rank);
    return true;
  }

 private:
  KeptRecords& kept_;
};

}  // namespace

KeptRecords KeepFirstOfEachKey(const TraceMLExport& run) {
  KeptRecords kept;
  Keeper keeper(kept);
  auto& duplicates = kept.duplicates;

  for (std::size_t i = 0; i < run.step_time.size(); ++i) {
    const TraceMLStepTime& record = run.step_time[i];
    if (!keeper.Placed(TraceMLStream::kStepTime, record.identity.global_rank, record.step))
      continue;
    kept.step_time.push_back({*record.identity.global_rank, *record.step, i});
  }
  duplicates[StreamIndex(TraceMLStream::kStepTime)] = KeepFirst(kept.step_time);

  for (std::size_t i = 0; i < run.step_memory.size(); ++i) {
    const TraceMLStepMemory& record = run.step_memory[i];
    const bool has_device = record.device.has_value();
    if (!keeper.Placed(TraceMLStream::kStepMemory, record.identity.global_rank,
                       has_device ? record.step : std::nullopt)) {
      continue;
    }
    kept.step_memory.push_back({*record.identity.global_rank, *record.device, *record.step, i});
  }
  duplicates[StreamIndex(TraceMLStream::kStepMemory)] = KeepFirst(kept.step_memory);

  for (std::size_t i = 0; i < run.system_gpu.size(); ++i) {
    const TraceMLSystemGpu& record = run.system_gpu[i];
    if (!keeper.Placed(TraceMLStream::kSystemGpu, record.identity.global_rank,
                       record.identity.seq)) {
      continue;
    }
    kept.system_gpu.push_back(
        {*record.identity.global_rank, record.gpu_idx, *record.identity.seq, i});
  }
  duplicates[StreamIndex(TraceMLStream::kSystemGpu)] = KeepFirst(kept.system_gpu);

  duplicates[StreamIndex(TraceMLStream::kSystem)] =
      keeper.CountSnapshots(run.system, TraceMLStream::kSystem, true);
  duplicates[StreamIndex(TraceMLStream::kProcess)] =
      keeper.CountSnapshots(run.process, TraceMLStream::kProcess, true);
  duplicates[StreamIndex(TraceMLStream::kRuntimeEnvironment)] =
      keeper.CountSnapshots(run.runtime_environment, TraceMLStream::kRuntimeEnvironment, false);
  // Output lines have no key: never duplicates; a line without a rank is not placed.
  for (const TraceMLOutputLine& line : run.stdout_stderr) {
    keeper.Placed(TraceMLStream::kStdoutStderr, line.rank, std::uint64_t{0});
  }

  std::sort(kept.ranks.begin(), kept.ranks.end());
  kept.ranks.erase(std::unique(kept.ranks.begin(), kept.ranks.end()), kept.ranks.end());
  return kept;
}

}  // namespace tracedoc::traceml_analysis
