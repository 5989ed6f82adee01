// LooksLikeCirronBatch (src/open/cirron_batch_signature.hpp): a batch is recognized by the keys
// of the object it opens, whatever its file's name, from a prefix that may be cut anywhere.
#include "open/cirron_batch_signature.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tracedoc {
namespace {

constexpr std::string_view kBatch =
    R"({"schema_version":1,"sdk_version":"0.9.0","batch_id":"b0","created_ns":1,"spans":[],"marks":[],"snapshots":[]})";

TEST(CirronBatchSignatureTest, ABatchsObjectIsOneWhateverItHolds) {
  EXPECT_TRUE(LooksLikeCirronBatch(kBatch));
  EXPECT_TRUE(LooksLikeCirronBatch("\xEF\xBB\xBF \n" + std::string(kBatch)));
  // Cut after the keys that decide: still one.
  EXPECT_TRUE(LooksLikeCirronBatch(kBatch.substr(0, kBatch.find("\"created_ns\""))));
}

TEST(CirronBatchSignatureTest, TooFewOfTheKeysOrNoSchemaVersionIsNone) {
  EXPECT_FALSE(LooksLikeCirronBatch(R"({"schema_version":1,"spans":[]})"));
  EXPECT_FALSE(LooksLikeCirronBatch(R"({"batch_id":"b0","spans":[],"marks":[]})"));
  EXPECT_FALSE(LooksLikeCirronBatch(R"({"kind":"meta","schema":"candle-graph/trace/10"})"));
  EXPECT_FALSE(LooksLikeCirronBatch(R"([{"schema_version":1,"spans":[],"marks":[]}])"));
  EXPECT_FALSE(LooksLikeCirronBatch(""));
}

TEST(CirronBatchSignatureTest, KeysInsideAValueDoNotCount) {
  EXPECT_FALSE(LooksLikeCirronBatch(
      R"({"schema_version":1,"extra":{"spans":[],"marks":[],"batch_id":"x"}})"));
}

}  // namespace
}  // namespace tracedoc
