// The per-record traits: each `kind` spelling (docs/trace-format.md §1) names the right Event
// alternative and back, the edge's table follows its edge_kind, and owning goes through them.
#include "format/record_traits.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>

#include "util/string_pool.hpp"

namespace tracedoc::format {
namespace {

// The §1 table of kinds, in the order of Event's alternatives.
constexpr std::array<std::string_view, 12> kSpecKinds = {
    "meta",   "span_start",    "span_end",        "op",       "tensor", "tensor_stats",
    "memory", "device_memory", "device_interval", "gradient", "edge",   "terminal"};

TEST(RecordTraitsTest, EveryKindNamesItsAlternativeAndBack) {
  ASSERT_EQ(kKindCount, kSpecKinds.size());
  for (std::size_t i = 0; i < kKindCount; ++i) {
    SCOPED_TRACE(kSpecKinds[i]);
    EXPECT_EQ(kKindNames[i], kSpecKinds[i]);
    EXPECT_EQ(KindIndex(kSpecKinds[i]), i);
    const Event event = EmptyEventOfKind(i);
    EXPECT_EQ(event.index(), i);
    EXPECT_EQ(EventKindName(event), kSpecKinds[i]);
  }
}

TEST(RecordTraitsTest, VariantIndexAndKindAgreePerRecord) {
  EXPECT_EQ(kVariantIndex<MetaRecord>, 0u);
  EXPECT_EQ(kVariantIndex<OpRecord>, 3u);
  EXPECT_EQ(kVariantIndex<DeviceIntervalRecord>, 8u);
  EXPECT_EQ(kVariantIndex<TerminalRecord>, 11u);
  EXPECT_EQ(KindIndex(RecordTraits<SpanEndRecord>::kKind), kVariantIndex<SpanEndRecord>);
  EXPECT_EQ(KindIndex(RecordTraits<EdgeRecord>::kKind), kVariantIndex<EdgeRecord>);
  EXPECT_EQ(KindIndex(RecordTraits<TerminalRecord>::kKind), kVariantIndex<TerminalRecord>);
}

TEST(RecordTraitsTest, UnknownSpellingsAreNoKind) {
  EXPECT_EQ(KindIndex("Span_start"), std::nullopt);
  EXPECT_EQ(KindIndex("span-start"), std::nullopt);
  EXPECT_EQ(KindIndex(""), std::nullopt);
  EXPECT_EQ(KindIndex("terminal "), std::nullopt);
}

TEST(RecordTraitsTest, AnEdgesTableFollowsItsEdgeKind) {
  EdgeRecord call;
  call.edge_kind = EdgeKind::kCall;
  EdgeRecord data;
  data.edge_kind = EdgeKind::kData;
  EXPECT_EQ(RecordTraits<EdgeRecord>::Fields(call).data(), CallEdgeFields().data());
  EXPECT_EQ(RecordTraits<EdgeRecord>::Fields(data).data(), DataEdgeFields().data());
  EXPECT_NE(CallEdgeFields().data(), DataEdgeFields().data());
}

TEST(RecordTraitsTest, OwningAMetaInternsItsSchemaAndRun) {
  util::StringPool pool;
  std::string schema = "candle-graph/trace/10";
  std::string run_id = "run-1";
  MetaRecord meta;
  meta.schema = schema;
  meta.run.run_id = run_id;
  OwnRecord(pool, meta);
  schema.assign(schema.size(), 'x');
  run_id.assign(run_id.size(), 'x');
  EXPECT_EQ(meta.schema, "candle-graph/trace/10");
  EXPECT_EQ(meta.run.run_id, "run-1");
}

TEST(RecordTraitsTest, OwningARecordCopiesItsStringsThroughItsTable) {
  util::StringPool pool;
  std::string id = "span-1";
  SpanEndRecord end;
  end.id = id;
  OwnRecord(pool, end);
  id.assign(id.size(), 'x');
  EXPECT_EQ(end.id, "span-1");
}

}  // namespace
}  // namespace tracedoc::format
