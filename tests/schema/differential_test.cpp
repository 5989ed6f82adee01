// The schema and the decoder judge every record-level mutation of every kind's full line the
// same way, and the decoder names the mutated field with the code the mutation calls for.
// Where they legitimately differ, the difference is listed in kKnownDisagreements.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <string>
#include <string_view>

#include "line_schema.hpp"
#include "record_lines.hpp"
#include "record_mutations.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/record_decoder.hpp"

namespace tracedoc::schema_test {
namespace {

/// A per-line disagreement between schema and decoder that is known and explained.
struct KnownDisagreement {
  /// The mutation's label (`-0`, `unknown spelling`, ...).
  std::string_view label;
  /// The mutated field; empty for any field.
  std::string_view field;
  /// Which side accepts: true when the schema accepts and the decoder rejects.
  bool schema_accepts;
  /// The decoder's code when it is the one that rejects; otherwise the code the whole-trace
  /// read (the fold) gives, which the test checks with ReadTrace.
  ErrorCode code;
  std::string_view why;
};

constexpr KnownDisagreement kKnownDisagreements[] = {
    {"-0", "", true, ErrorCode::kOutOfRange,
     "RapidJSON reads the literal -0 as the integer 0, which draft-04 `integer` with minimum 0 "
     "accepts; tracedoc rejects -0 in a u64 field (README, Errors)"},
    {"unknown spelling", "schema", false, ErrorCode::kUnsupportedSchema,
     "the schema pins its own revision; the decoder reads any string and the fold names an "
     "unsupported schema at the meta line"},
    {"miscased", "schema", false, ErrorCode::kUnsupportedSchema,
     "as above: `Candle-graph/trace/10` is not a schema tracedoc reads"},
};

const KnownDisagreement* FindKnownDisagreement(const Mutation& mutation, bool schema_accepts) {
  for (const KnownDisagreement& known : kKnownDisagreements) {
    if (known.label == mutation.label && (known.field.empty() || known.field == mutation.field) &&
        known.schema_accepts == schema_accepts) {
      return &known;
    }
  }
  return nullptr;
}

struct Tally {
  int mutations = 0;
  int both_reject = 0;
  int both_accept = 0;
  std::map<std::string_view, int> known_disagreements;
  std::map<std::string, std::map<MutationKind, int>> rejected_by_kind;
};

// Checks one mutation: agreement with the expected code and field, or a listed disagreement.
void CheckMutation(Revision revision, std::string_view kind, const Mutation& mutation,
                   RecordDecoder& decoder, Tally& tally) {
  SCOPED_TRACE(std::string(MutationKindName(mutation.kind)) + " `" + mutation.label + "` at `" +
               mutation.field + "`: " + mutation.line);
  ++tally.mutations;
  const SchemaVerdict schema = SchemaFor(revision).Check(mutation.line);
  ASSERT_TRUE(schema.parsed) << schema.reason;
  const Result<Event> decoded = decoder.Decode(mutation.line);

  if (mutation.kind == MutationKind::kAddUnknownMember) {
    EXPECT_TRUE(schema.valid) << schema.reason;
    EXPECT_TRUE(decoded.has_value()) << decoded.error().message;
    ++tally.both_accept;
    return;
  }
  if (schema.valid == decoded.has_value()) {
    if (decoded.has_value()) {
      ++tally.both_accept;
      return;
    }
    ++tally.both_reject;
    ++tally.rejected_by_kind[std::string(kind)][mutation.kind];
    EXPECT_EQ(ErrorCodeName(decoded.error().code), ErrorCodeName(mutation.code_if_rejected))
        << decoded.error().message;
    EXPECT_EQ(decoded.error().field, mutation.field) << decoded.error().message;
    return;
  }
  const KnownDisagreement* known = FindKnownDisagreement(mutation, schema.valid);
  if (known == nullptr) {
    ADD_FAILURE() << "schema says " << (schema.valid ? "valid" : "invalid (" + schema.reason + ")")
                  << ", decoder says "
                  << (decoded.has_value() ? std::string("valid") : decoded.error().message);
    return;
  }
  ++tally.known_disagreements[known->why];
  if (known->schema_accepts) {
    EXPECT_EQ(ErrorCodeName(decoded.error().code), ErrorCodeName(known->code));
    EXPECT_EQ(decoded.error().field, mutation.field);
  } else {
    // The decoder accepts the line; the rule is the fold's.
    const std::string trace = mutation.line + "\n" + std::string(testdata::kCompleteTerminal0);
    const auto read = ReadTrace(TraceInput::FromString(trace));
    ASSERT_FALSE(read.has_value());
    EXPECT_EQ(ErrorCodeName(read.error().code), ErrorCodeName(known->code));
    EXPECT_EQ(read.error().line, 1u);
  }
}

Tally RunDifferential(Revision revision) {
  Tally tally;
  RecordDecoder decoder;
  for (const KindLine& full : FullLines(revision)) {
    SCOPED_TRACE(full.line);
    // The starting point itself is valid on both sides.
    const SchemaVerdict verdict = SchemaFor(revision).Check(full.line);
    EXPECT_TRUE(verdict.valid) << verdict.reason;
    EXPECT_TRUE(decoder.Decode(full.line).has_value());
    for (const Mutation& mutation : MutationsOf(full.line)) {
      CheckMutation(revision, full.kind, mutation, decoder, tally);
    }
  }
  return tally;
}

void ExpectMeaningful(Revision revision, const Tally& tally) {
  // Every kind had removals, type changes and respellings that both sides rejected.
  for (const KindLine& full : FullLines(revision)) {
    SCOPED_TRACE(full.kind);
    const auto& rejected = tally.rejected_by_kind.at(std::string(full.kind));
    EXPECT_GT(rejected.count(MutationKind::kRemove), 0u);
    EXPECT_GT(rejected.count(MutationKind::kWrongType), 0u);
    EXPECT_GT(rejected.count(MutationKind::kRespell), 0u);
  }
  // Each listed disagreement is still real: a stale entry would hide nothing but mislead.
  for (const KnownDisagreement& known : kKnownDisagreements) {
    EXPECT_GT(tally.known_disagreements.count(known.why), 0u) << known.why;
  }
  std::cout << "[ schema   ] " << RevisionSchemaString(revision) << ": " << tally.mutations
            << " mutations, both reject " << tally.both_reject << ", both accept "
            << tally.both_accept << ", known disagreements "
            << tally.mutations - tally.both_reject - tally.both_accept << '\n';
}

TEST(SchemaDifferentialTest, Trace10SchemaAndDecoderAgreeOnEveryMutation) {
  const Tally tally = RunDifferential(Revision::kTrace10);
  ExpectMeaningful(Revision::kTrace10, tally);
}

TEST(SchemaDifferentialTest, Trace9SchemaAndDecoderAgreeOnEveryMutation) {
  const Tally tally = RunDifferential(Revision::kTrace9);
  ExpectMeaningful(Revision::kTrace9, tally);
}

TEST(SchemaDifferentialTest, MutationsCoverEveryFieldOfTheFullLines) {
  // Spot checks that the generator reaches nested objects and array elements.
  const auto mutations = MutationsOf(FullMeta(Revision::kTrace10));
  auto has = [&](std::string_view field, std::string_view label) {
    for (const Mutation& m : mutations) {
      if (m.field == field && m.label == label) return true;
    }
    return false;
  };
  EXPECT_TRUE(has("capture_contract.gradient_contract.families[0].min_present", "-1"));
  EXPECT_TRUE(has("capture_contract.gradient_contract.expected[0].root", "remove"));
  EXPECT_TRUE(has("comparison_identity.physical_batch", "1.0"));
  EXPECT_TRUE(has("tags.host", "null"));
  EXPECT_TRUE(has("capture_contract.operations", "unknown spelling"));
  EXPECT_TRUE(has("kind", "miscased"));
}

}  // namespace
}  // namespace tracedoc::schema_test
