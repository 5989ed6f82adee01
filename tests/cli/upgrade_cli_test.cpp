// `tracedoc upgrade FILE [-o OUT]` (docs/upgrade.md): the file it writes validates and `cat`
// writes it back byte for byte; a rejected trace and an unwritable OUT keep their exit codes.
#include <string>

#include <gtest/gtest.h>

#include "support/cli_fixture.hpp"

namespace tracedoc::testdata {
namespace {

constexpr std::string_view kTrace6 =
    R"({"kind":"meta","schema":"candle-graph/trace/6","run_id":"r","correlation_id":"c","entrypoint":"e","phase":"train","timestamp":"t","capture_step":1,"warmup_steps":0,"device":"cpu","timing_mode":"host","tags":{}})"
    "\n"
    R"({"kind":"span_start","id":"s","name":"s","start_ns":3,"span_kind":"function","measured":true})"
    "\n"
    R"({"kind":"memory","timestamp_ns":9,"tensor_id":"t","span_id":"s","device":"cpu","bytes":8,"action":"alloc","dtype":"f32"})"
    "\n";

using UpgradeCliTest = CliFixture;

TEST_F(UpgradeCliTest, WritesTrace10ThatValidatesAndCatKeeps) {
  WriteFile("old.jsonl", kTrace6);
  const RunResult upgrade = Run("upgrade old.jsonl -o run.jsonl");
  ASSERT_EQ(upgrade.exit_code, 0) << upgrade.err;
  EXPECT_EQ(upgrade.out, "");
  const std::string written = ReadFileBytes(dir_ / "run.jsonl");
  EXPECT_NE(written.find(R"({"kind":"terminal","outcome":"complete","timestamp_ns":9,)"),
            std::string::npos);
  EXPECT_EQ(Run("validate run.jsonl").exit_code, 0);
  const RunResult cat = Run("cat run.jsonl");
  EXPECT_EQ(cat.out, written);
  EXPECT_EQ(Run("upgrade old.jsonl").out, written);  // stdout without -o
}

TEST_F(UpgradeCliTest, RejectedTraceExitsOneAndUnwritableOutputTwo) {
  WriteFile("bad.jsonl", std::string(kTrace6) + R"({"kind":"terminal"})" + "\n");
  const RunResult rejected = Run("upgrade bad.jsonl");
  EXPECT_EQ(rejected.exit_code, 1);
  EXPECT_NE(rejected.err.find("bad.jsonl:4: error[unknown_kind]"), std::string::npos);
  WriteFile("old.jsonl", kTrace6);
  WriteFile("blocker", "");
  const RunResult unwritable = Run("upgrade old.jsonl -o blocker/run.jsonl");
  EXPECT_EQ(unwritable.exit_code, 2);
  EXPECT_NE(unwritable.err.find("blocker/run.jsonl"), std::string::npos);
}

}  // namespace
}  // namespace tracedoc::testdata
