// What a TraceDocument shares between its copies: the records, the storage they point into, and
// the span index and the converted facts built when the document is sealed.
#pragma once

#include <algorithm>
#include <memory>
#include <vector>
#include <string_view>

#include "document/converted_facts_data.hpp"
#include "document/record_lists.hpp"
#include "document/span_index_data.hpp"
#include "tracedoc/document.hpp"
#include "util/record_buffer.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::detail {

/// The records (spans here, the other kinds in RecordLists) and the storage they point into.
struct DocumentData : RecordLists {
  /// Numbers the chunks of the pool and of every shard, so that a compact row's 32-bit refs
  /// name a string wherever it was stored.
  std::shared_ptr<util::ChunkDirectory> directory = std::make_shared<util::ChunkDirectory>();
  /// Every string and array of the records lives here, or in one of the shards.
  util::StringPool pool{util::PoolMode::kIntern, directory};
  /// Pools the read filled block by block, each interning its own block's strings (in the
  /// thread that decoded it), adopted whole so that the fold need not copy or hash them again.
  std::vector<std::unique_ptr<util::StringPool>> shards;
  std::string_view schema;
  TraceRunMeta run;
  /// Kept as compact rows like the other kinds (document/record_rows.hpp); a span_end writes its
  /// members into its span's row in place.
  CompactList<SpanRecord> spans;
  TerminalRecord terminal;
  /// Filled by the fold as spans arrive (its id table), completed by Seal.
  SpanIndexData span_index{spans};
  /// The conversions' facts as typed tables (tracedoc/converted_facts.hpp), built by Seal.
  ConvertedFactsData converted_facts;

  /// Puts the spans in id order (docs/trace-format.md §2.2 f; a repeated id, which only a
  /// document made without the fold has, keeps its order), builds the span index, and gives back
  /// the record lists' spare room and the pool's index: a finished document only reads.
  /// `threads` > 1 lets the span index use a second thread.
  void Seal(unsigned threads = 1) {
    using SpanRow = CompactList<SpanRecord>::Row;
    const util::ChunkDirectory* ids_directory = spans.directory();
    const auto by_id = [ids_directory](const SpanRow& a, const SpanRow& b) {
      using Codec = CompactList<SpanRecord>::Codec;
      return Codec::Get<&SpanRecord::id>(a, *ids_directory) <
             Codec::Get<&SpanRecord::id>(b, *ids_directory);
    };
    // With unique ids (always, after a fold) the in-place sort gives the same order without a
    // second copy of the spans.
    if (span_index.ids.size() == spans.size()) {
      std::sort(spans.rows().begin(), spans.rows().end(), by_id);
    } else {
      std::stable_sort(spans.rows().begin(), spans.rows().end(), by_id);
    }
    pool.ReleaseIndex();
    spans.ShrinkToFit();
    ForEachList([](auto& list) { list.ShrinkToFit(); });
    span_index.Build(spans, ops.records(), tensors.records(), memory.records(), threads);
    converted_facts.Build(run, spans.records(), device_memory.records(), span_index.children);
  }
};

}  // namespace tracedoc::detail
