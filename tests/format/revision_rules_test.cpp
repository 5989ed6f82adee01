// The revisions' rules (src/format/revision_rules.hpp): each schema string finds its rules and
// its revision, an unknown one finds none (and trace/10's tables for its meta), and what each
// revision changes from trace/10 is exactly what trace/6 and trace/9 change.
#include "format/revision_rules.hpp"

#include <gtest/gtest.h>

namespace tracedoc::format {
namespace {

TEST(RevisionRulesTest, EachSchemaFindsItsRulesAndRevision) {
  for (const SchemaRevision revision :
       {SchemaRevision::kTrace10, SchemaRevision::kTrace9, SchemaRevision::kTrace6}) {
    const RevisionRules& rules = RulesOf(revision);
    EXPECT_EQ(rules.revision, revision);
    EXPECT_EQ(RulesOfSchema(rules.schema), &rules);
    EXPECT_EQ(&MetaRules(rules.schema), &rules);
  }
  EXPECT_EQ(RulesOfSchema(kSchema), &kTrace10Rules);
  EXPECT_EQ(RulesOfSchema(kPreviousSchema), &kTrace9Rules);
  EXPECT_EQ(RulesOfSchema(kLegacySchema), &kTrace6Rules);
}

TEST(RevisionRulesTest, AnUnknownSchemaHasNoRulesAndItsMetaReadsTrace10sTable) {
  EXPECT_EQ(RulesOfSchema("candle-graph/trace/11"), nullptr);
  EXPECT_EQ(RulesOfSchema(""), nullptr);
  EXPECT_EQ(&MetaRules("candle-graph/trace/7"), &kTrace10Rules);
}

TEST(RevisionRulesTest, Trace6DefinesNoTerminalTensorStatsOrDeviceInterval) {
  for (std::size_t kind = 0; kind < kKindCount; ++kind) {
    const bool missing = kind == kVariantIndex<TerminalRecord> ||
                         kind == kVariantIndex<TensorStatsRecord> ||
                         kind == kVariantIndex<DeviceIntervalRecord>;
    EXPECT_EQ(kTrace6Rules.Defines(kind), !missing) << kKindNames[kind];
    EXPECT_TRUE(kTrace10Rules.Defines(kind)) << kKindNames[kind];
    // trace/9 reads a tensor_stats record, then refuses it in the document.
    EXPECT_TRUE(kTrace9Rules.Defines(kind)) << kKindNames[kind];
  }
}

TEST(RevisionRulesTest, OnlyTrace6HasItsTablesAndAnalysesAndOnlyTrace9RefusesTensorStats) {
  EXPECT_TRUE(kTrace6Rules.legacy_fields);
  EXPECT_TRUE(kTrace6Rules.legacy_analyses);
  EXPECT_FALSE(kTrace6Rules.terminal);
  for (const RevisionRules* rules : {&kTrace10Rules, &kTrace9Rules}) {
    EXPECT_FALSE(rules->legacy_fields);
    EXPECT_FALSE(rules->legacy_analyses);
    EXPECT_TRUE(rules->terminal);
  }
  EXPECT_TRUE(kTrace9Rules.refuses_tensor_stats);
  EXPECT_FALSE(kTrace10Rules.refuses_tensor_stats);
  EXPECT_FALSE(kTrace6Rules.refuses_tensor_stats);
  EXPECT_EQ(&DecodingRules(true), &kTrace6Rules);
  EXPECT_EQ(&DecodingRules(false), &kTrace10Rules);
}

}  // namespace
}  // namespace tracedoc::format
