// The test generators take their key order from the readers' tables (support/table_order.hpp):
// members sorted into the table's order, unknown ones last as written, and a generator that
// strays from its table stopped at once.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/table_order.hpp"
#include "traceml/stream_tables.hpp"

namespace tracedoc::testing_support {
namespace {

std::vector<std::string> Keys(const std::vector<GeneratedMember>& members) {
  std::vector<std::string> keys;
  for (const GeneratedMember& member : members) keys.push_back(member.key);
  return keys;
}

TEST(TableOrderTest, MembersTakeTheTablesOrderAndUnknownOnesFollowAsWritten) {
  const TableOrder order(traceml::StepMemoryFields());
  std::vector<GeneratedMember> members = {
      {"zeta", "1", true},
      {"peak_reserved_bytes", "2.0", false},
      {"step", "3", false},
      {"alpha", "4", true},
      {"device", "\"cuda:0\"", false},
      {"peak_alloc_bytes", "1.0", false},
      {"seq", "5", false},
      {"node_rank", "0", false},
      {"local_world_size", "1", false},
      {"world_size", "1", false},
      {"local_rank", "0", false},
      {"global_rank", "0", false},
      {"rank", "0", false},
      {"timestamp_unix_ns", "7", false},
      {"observed_timestamp_unix_ns", "8", false},
      {"schema_version", "1", false},
      {"stream", "\"step_memory\"", false},
  };
  order.Sort(members);
  EXPECT_EQ(Keys(members),
            (std::vector<std::string>{"stream", "schema_version", "observed_timestamp_unix_ns",
                                      "rank", "global_rank", "local_rank", "world_size",
                                      "local_world_size", "node_rank", "timestamp_unix_ns",
                                      "seq", "device", "step", "peak_alloc_bytes",
                                      "peak_reserved_bytes", "zeta", "alpha"}));
  EXPECT_EQ(members.front().json, "\"step_memory\"");
}

TEST(TableOrderDeathTest, AKeyTheTableDoesNotHaveStopsTheGenerator) {
  const TableOrder order(traceml::ClosingLineFields());
  std::vector<GeneratedMember> members = {
      {"written_records", "3", false}, {"dropped_batches", "0", false}, {"droped", "1", false}};
  EXPECT_DEATH(order.Sort(members), "a key the reader's table does not have: \"droped\"");
}

TEST(TableOrderDeathTest, ARequiredKeyLeftOutStopsTheGenerator) {
  const TableOrder order(traceml::ClosingLineFields());
  std::vector<GeneratedMember> members = {{"written_records", "3", false}};
  EXPECT_DEATH(order.Sort(members), "a required key left out: \"dropped_batches\"");
}

}  // namespace
}  // namespace tracedoc::testing_support
