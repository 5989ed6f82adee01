// ConvertSpool and CheckSpool (src/cirron_convert/spool_conversion.hpp) on a generated spool
// written to disk: the run's tags count what the whole spool told (batches, non-finite
// literals, unresolved references), warnings go to the log given, and the two entry points
// agree on every error.
#include "cirron_convert/spool_conversion.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

#include "support/cirron_spool_writer.hpp"
#include "support/matchers.hpp"
#include "support/temp_dir.hpp"

namespace tracedoc::cirron_convert {
namespace {

using testing_support::EvictionPlan;
using testing_support::GenerateCirronSpool;
using testing_support::GeneratedSpool;
using testing_support::kEvictedBatches;
using testing_support::TestTempDir;
using testing_support::WriteCirronSpool;

std::optional<std::string_view> TagOf(const TraceDocument& document, std::string_view key) {
  for (const Tag& tag : document.run().tags) {
    if (tag.key == key) return tag.value;
  }
  return std::nullopt;
}

TEST(SpoolConversionTest, TheRunsTagsCountTheWholeSpool) {
  const GeneratedSpool spool = GenerateCirronSpool(EvictionPlan());
  TestTempDir dir;
  const auto path = WriteCirronSpool(spool, dir.path()).string();
  DiagnosticLog log;
  SpoolConversionOptions options;
  options.diagnostics = &log;
  const auto document = ConvertSpool(path, options);
  ASSERT_THAT(document, Succeeds());
  EXPECT_EQ(document.value().schema(), kSchema);
  EXPECT_EQ(TagOf(document.value(), "cirron.batches"),
            std::optional<std::string_view>(std::to_string(spool.batches.size())));
  EXPECT_EQ(TagOf(document.value(), "cirron.non_finite_numbers"),
            std::optional<std::string_view>(std::to_string(spool.non_finite_numbers)));
  EXPECT_EQ(TagOf(document.value(), "cirron.unresolved_references"),
            std::optional<std::string_view>("0"));
  EXPECT_EQ(document.value().run().entrypoint, "cirron");
  // The first batch's id is the correlation id.
  EXPECT_EQ(document.value().run().correlation_id, spool.batches.front().batch_id);
  EXPECT_EQ(log.total, 0u);
  EXPECT_THAT(CheckSpool(path, options), Succeeds());
}

TEST(SpoolConversionTest, UnresolvedReferencesAreTaggedAndLogged) {
  const GeneratedSpool spool = GenerateCirronSpool(EvictionPlan());
  TestTempDir dir;
  const auto path = WriteCirronSpool(spool, dir.path(), kEvictedBatches).string();
  DiagnosticLog log;
  SpoolConversionOptions options;
  options.diagnostics = &log;
  const auto document = ConvertSpool(path, options);
  ASSERT_THAT(document, Succeeds());
  const auto unresolved = TagOf(document.value(), "cirron.unresolved_references");
  ASSERT_TRUE(unresolved.has_value());
  EXPECT_NE(*unresolved, "0");
  std::uint64_t missing = 0;
  for (const Diagnostic& d : log.kept) {
    if (d.code == DiagnosticCode::kCirronMissingParent ||
        d.code == DiagnosticCode::kCirronMissingMark ||
        d.code == DiagnosticCode::kCirronMissingSpan) {
      ++missing;
    }
  }
  EXPECT_EQ(std::to_string(missing), *unresolved);
  const std::string read_batches = std::to_string(spool.batches.size() - kEvictedBatches);
  EXPECT_EQ(TagOf(document.value(), "cirron.batches"),
            std::optional<std::string_view>(read_batches));
}

TEST(SpoolConversionTest, WithoutALogTheWarningsAreNotCollectedButStillCounted) {
  const GeneratedSpool spool = GenerateCirronSpool(EvictionPlan());
  TestTempDir dir;
  const auto path = WriteCirronSpool(spool, dir.path(), kEvictedBatches).string();
  const auto document = ConvertSpool(path, {});
  ASSERT_THAT(document, Succeeds());
  EXPECT_NE(TagOf(document.value(), "cirron.unresolved_references"),
            std::optional<std::string_view>("0"));
}

TEST(SpoolConversionTest, ASpoolWithoutBatchesIsEmpty) {
  TestTempDir dir;
  std::filesystem::create_directories(dir.path() / ".cirron" / "spool");
  const std::string path = (dir.path() / ".cirron").string();
  EXPECT_THAT(ConvertSpool(path, {}),
              FailsWithMessage(ErrorCode::kCirronEmptySpool,
                               "the spool holds no batch: there is nothing to convert"));
  EXPECT_THAT(CheckSpool(path, {}), FailsWith(ErrorCode::kCirronEmptySpool));
}

TEST(SpoolConversionTest, TheReadersErrorIsTheConversionsError) {
  GeneratedSpool spool = GenerateCirronSpool(EvictionPlan());
  spool.texts[0].insert(spool.texts[0].size() - 1, ", \"spans\": []");  // a key given twice
  TestTempDir dir;
  const auto path = WriteCirronSpool(spool, dir.path()).string();
  EXPECT_THAT(ConvertSpool(path, {}), FailsWith(ErrorCode::kDuplicateKey, 1));
  EXPECT_THAT(CheckSpool(path, {}), FailsWith(ErrorCode::kDuplicateKey, 1));
}

}  // namespace
}  // namespace tracedoc::cirron_convert
