// Every line of every trace tracedoc reads validates against the schema of its revision: the
// bundled example, the sample of docs/examples.md §8.4, traces covering every kind in full and
// minimal form, and the golden inputs that read.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "line_schema.hpp"
#include "record_lines.hpp"
#include "support/test_traces.hpp"
#include "text/utf8.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::schema_test {
namespace {

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

Revision RevisionOf(std::string_view schema) {
  return schema == RevisionSchemaString(Revision::kTrace9) ? Revision::kTrace9 : Revision::kTrace10;
}

// The kinds seen in the lines of `trace`, after checking each line against `revision`'s schema.
// Lines are split as the reader splits them (§2.1): `\n`, one trailing `\r` dropped, blank
// lines skipped.
std::set<std::string> ExpectEveryLineValid(const std::string& name, const std::string& trace,
                                           Revision revision) {
  std::set<std::string> kinds;
  std::size_t start = 0;
  int line_number = 0;
  while (start < trace.size()) {
    std::size_t end = trace.find('\n', start);
    if (end == std::string::npos) end = trace.size();
    std::string_view line(trace.data() + start, end - start);
    start = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    line = text::TrimUnicodeWhitespace(line);
    if (line.empty()) continue;
    const SchemaVerdict verdict = SchemaFor(revision).Check(line);
    EXPECT_TRUE(verdict.valid) << name << ":" << line_number << ": " << verdict.reason << "\n"
                               << line;
    const std::size_t kind_at = line.find(R"("kind":")");
    if (kind_at != std::string_view::npos) {
      const std::size_t value_at = kind_at + 8;
      kinds.emplace(line.substr(value_at, line.find('"', value_at) - value_at));
    }
  }
  return kinds;
}

std::set<std::string> ExpectTraceValid(const std::string& name, const std::string& trace) {
  SCOPED_TRACE(name);
  const auto document = ReadTrace(TraceInput::FromString(trace));
  if (!document) {
    ADD_FAILURE() << FormatError(name, document.error());
    return {};
  }
  return ExpectEveryLineValid(name, trace, RevisionOf(document.value().schema()));
}

TEST(SchemaValidInputsTest, BundledExampleValidates) {
  ExpectTraceValid("examples/valid.jsonl",
                   ReadFile(std::filesystem::path(TRACEDOC_SOURCE_DIR) / "examples/valid.jsonl"));
}

TEST(SchemaValidInputsTest, ReferenceSampleValidates) {
  ExpectTraceValid("kSample", std::string(testdata::kSample));
  ExpectTraceValid("META9 trace",
                   testdata::Lines({testdata::Meta9(), testdata::kCompleteTerminal0}));
}

TEST(SchemaValidInputsTest, Trace10TraceWithEveryKindValidates) {
  const std::set<std::string> kinds =
      ExpectTraceValid("full trace/10", FullTrace(Revision::kTrace10));
  EXPECT_EQ(kinds, (std::set<std::string>{"meta", "span_start", "span_end", "op", "tensor",
                                          "tensor_stats", "memory", "device_memory",
                                          "device_interval", "gradient", "edge", "terminal"}));
}

TEST(SchemaValidInputsTest, Trace9TraceWithEveryKindItDefinesValidates) {
  const std::set<std::string> kinds =
      ExpectTraceValid("full trace/9", FullTrace(Revision::kTrace9));
  EXPECT_EQ(kinds, (std::set<std::string>{"meta", "span_start", "span_end", "op", "tensor",
                                          "memory", "device_memory", "device_interval", "gradient",
                                          "edge", "terminal"}));
}

TEST(SchemaValidInputsTest, GoldenInputsThatReadValidate) {
  const std::filesystem::path golden = std::filesystem::path(TRACEDOC_SOURCE_DIR) / "tests/golden";
  std::vector<std::filesystem::path> inputs;
  if (std::filesystem::is_directory(golden)) {
    for (const auto& entry : std::filesystem::directory_iterator(golden)) {
      if (std::filesystem::is_regular_file(entry.path() / "input.jsonl")) {
        inputs.push_back(entry.path() / "input.jsonl");
      }
    }
  }
  std::sort(inputs.begin(), inputs.end());
  int checked = 0;
  for (const auto& input : inputs) {
    const std::string trace = ReadFile(input);
    // Cases whose trace is rejected on purpose are not inputs a schema should accept.
    const auto document = ReadTrace(TraceInput::FromString(trace));
    if (!document) continue;
    // schemas/ describes trace/10 and trace/9; trace/6 has no schema file yet (issue 15).
    if (document.value().revision() == SchemaRevision::kTrace6) continue;
    ExpectEveryLineValid(input.string(), trace, RevisionOf(document.value().schema()));
    ++checked;
  }
  std::cout << "[ schema   ] " << checked << " of " << inputs.size()
            << " golden inputs read and were checked\n";
  if (inputs.empty()) GTEST_SKIP() << "no golden cases under " << golden;
}

}  // namespace
}  // namespace tracedoc::schema_test
