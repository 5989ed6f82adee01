// Two sections of the page on their own: the health verdict with its issues by severity, and the
// table of what is live at the memory peak (the logical plane's storages, or trace/6's tensors),
// each written as exact HTML.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "report/health_section.hpp"
#include "report/peak_table.hpp"
#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/memory.hpp"

namespace tracedoc::report {
namespace {

using ::testing::ElementsAre;

std::string HealthSection(const TraceHealth& health, std::size_t max_rows) {
  std::ostringstream out;
  WriteHealthSection(out, DigestHealth(health, max_rows));
  return out.str();
}

TEST(HealthSectionTest, TheVerdictNamesTheRevisionsWords) {
  TraceHealth health;
  EXPECT_EQ(VerdictText(DigestHealth(health, 0)), "Structurally valid");
  health.structurally_valid = false;
  EXPECT_EQ(VerdictText(DigestHealth(health, 0)), "Not structurally valid");
  health.revision = SchemaRevision::kTrace6;
  EXPECT_EQ(VerdictText(DigestHealth(health, 0)), "Not trusted");
  health.structurally_valid = true;
  EXPECT_EQ(VerdictText(DigestHealth(health, 0)), "Trusted");
}

TEST(HealthSectionTest, TheDigestKeepsOnlyTheRowsThePageShowsAndCountsTheRest) {
  TraceHealth health;
  health.structurally_valid = false;
  for (int i = 0; i < 100000; ++i) {
    health.issues.push_back({i % 4 == 0 ? HealthSeverity::kWarning : HealthSeverity::kError,
                             HealthCode::kOpenSpan, "issue " + std::to_string(i)});
  }
  const HealthDigest digest = DigestHealth(std::move(health), 3);
  EXPECT_EQ(digest.errors, 75000u);
  EXPECT_EQ(digest.warnings, 25000u);
  ASSERT_EQ(digest.shown_errors.size(), 3u);
  ASSERT_EQ(digest.shown_warnings.size(), 3u);
  EXPECT_EQ(digest.shown_errors[2].message, "issue 3");
  EXPECT_EQ(digest.shown_warnings[2].message, "issue 8");
  EXPECT_FALSE(digest.structurally_valid);
}

TEST(HealthSectionTest, ErrorsComeFirstEachSeverityCutToMaxRowsAndCounted) {
  TraceHealth health;
  health.structurally_valid = false;
  health.capture_complete = false;
  health.issues = {{HealthSeverity::kError, HealthCode::kRootCount, "a <b> & c"},
                   {HealthSeverity::kWarning, HealthCode::kTensorsAbsent, "w"},
                   {HealthSeverity::kError, HealthCode::kOpenSpan, "second"},
                   {HealthSeverity::kError, HealthCode::kOpenSpan, "third"}};
  EXPECT_EQ(HealthSection(health, 2),
            "<section id=\"health\">\n<h2>Health</h2>\n"
            "<p class=\"verdict verdict-invalid\">Not structurally valid; capture failed; 4 "
            "issue(s).</p>\n"
            "<h3>3 errors</h3>\n<ul class=\"issues errors\">\n"
            "<li class=\"issue severity-error\"><code>root_count</code> a &lt;b&gt; &amp; c</li>\n"
            "<li class=\"issue severity-error\"><code>open_span</code> second</li>\n"
            "</ul>\n"
            "<p class=\"note\">1 more error(s) not listed: `tracedoc health` prints them all.</p>\n"
            "<h3>1 warning</h3>\n<ul class=\"issues warnings\">\n"
            "<li class=\"issue severity-warning\"><code>tensors_absent</code> w</li>\n"
            "</ul>\n</section>\n");
}

TEST(HealthSectionTest, Trace6ShowsItsRevisionWhereTheCaptureStateWouldBe) {
  TraceHealth health;
  health.revision = SchemaRevision::kTrace6;
  EXPECT_EQ(HealthSection(health, 5),
            "<section id=\"health\">\n<h2>Health</h2>\n"
            "<p class=\"verdict verdict-valid\">Trusted (candle-graph/trace/6); 0 issue(s).</p>\n"
            "</section>\n");
  health.revision = SchemaRevision::kTrace10;
  EXPECT_EQ(HealthSection(health, 5),
            "<section id=\"health\">\n<h2>Health</h2>\n"
            "<p class=\"verdict verdict-valid\">Structurally valid; capture complete; 0 "
            "issue(s).</p>\n</section>\n");
}

// Four storages live at timestamp 1: "d" names an op and a span the trace never opened.
TraceDocument PeakTrace() {
  return testing::FoldTrace(testdata::Lines(
      {testdata::kMeta10, testdata::SpanStartLine("s", "loss<1>", 0),
       testdata::MemoryLine(1, "a", "cpu", 1024, "alloc"),
       testdata::MemoryLine(1, "b", "cuda:0", 4096, "alloc"),
       testdata::MemoryLine(1, "c", "cuda:0", 1024, "alloc"),
       R"({"kind":"memory","timestamp_ns":1,"storage_id":"d","tensor_id":"t","span_id":"ghost","op_name":"mm","device":"cpu","bytes":2048,"action":"alloc","shape":[2,3],"dtype":"f32","category":"gradient"})",
       testdata::SpanEndLine("s", 10), testdata::CompleteTerminalLine(10)}));
}

TEST(PeakTableTest, LargestFirstKeepsThePeaksOrderOnTiesAndPeakDeviceHoldsTheMost) {
  const TraceDocument document = PeakTrace();
  const LogicalMemoryPeak peak = *AnalyzeMemory(document).logical->peak;
  std::vector<std::string> ids;
  for (const LogicalStorageLifetime* live : LargestFirst(peak)) {
    ids.emplace_back(live->storage_id);
  }
  // The peak's order is (start, device, storage id): a, d, b, c; "a" and "c" tie.
  EXPECT_THAT(ids, ElementsAre("b", "d", "a", "c"));
  EXPECT_EQ(PeakDevice(peak), "cuda:0");
  LogicalMemoryPeak tie;
  tie.live_bytes_by_device = {{"cpu", 5}, {"gpu", 5}};
  EXPECT_EQ(PeakDevice(tie), "cpu");
  EXPECT_EQ(PeakDevice(LogicalMemoryPeak{}), "");
}

TEST(PeakTableTest, TheLogicalTableNamesOpSpanShapeAndStorageOfTheLargestRows) {
  const TraceDocument document = PeakTrace();
  const LogicalMemoryPeak peak = *AnalyzeMemory(document).logical->peak;
  std::ostringstream out;
  WritePeakTable(out, document, peak, 3);
  const std::string no_op = R"(<span class="none" title="the alloc names no op">(no op)</span>)";
  const std::string span_s =
      R"(<a class="timeline-link" href="#timeline" data-kind="0" data-ref="0">loss&lt;1&gt;</a>)"
      " <code>s</code>";
  EXPECT_EQ(out.str(),
            "<h3>Live at the peak</h3>\n"
            "<p class=\"peak\">8 KiB (8,192 bytes) in 4 storage(s) at timestamp 1 ns.</p>\n"
            "<table class=\"live-at-peak\">\n<thead><tr><th>bytes</th><th>op</th><th>span</th>"
            "<th>shape</th><th>dtype</th><th>category</th><th>device</th><th>storage</th></tr>"
            "</thead>\n<tbody>\n"
            "<tr><td title=\"4,096 bytes\">4 KiB</td><td>" + no_op + "</td><td>" + span_s +
            "</td><td>[]</td><td>f32</td><td>activation</td><td>cuda:0</td><td>b</td></tr>\n"
            "<tr><td title=\"2,048 bytes\">2 KiB</td><td>mm</td><td><code>ghost</code></td>"
            "<td>[2, 3]</td><td>f32</td><td>gradient</td><td>cpu</td><td>d</td></tr>\n"
            "<tr><td title=\"1,024 bytes\">1 KiB</td><td>" + no_op + "</td><td>" + span_s +
            "</td><td>[]</td><td>f32</td><td>activation</td><td>cpu</td><td>a</td></tr>\n"
            "</tbody>\n</table>\n"
            "<p class=\"note\">1 smaller storage(s) not listed: 1 KiB in all.</p>\n");
}

TEST(PeakTableTest, TheTrace6TableNamesThePeakDeviceAndEachTensor) {
  Trace6MemoryReport memory;
  memory.peak_bytes = 3072;
  memory.peak_timestamp_ns = 1234;
  memory.peak_device = "cuda:<0>";
  memory.peak_breakdown = {{"t1", "cuda:<0>", "s", 2048, MemoryCategory::kActivation},
                           {"t2", "cpu", "s", 1024, MemoryCategory::kGradient}};
  std::ostringstream out;
  WritePeakTable(out, memory, 1);
  EXPECT_EQ(out.str(),
            "<h3>Live at the peak</h3>\n"
            "<p class=\"peak\">3 KiB (3,072 bytes) on <code>cuda:&lt;0&gt;</code> at timestamp "
            "1,234 ns; 2 tensor(s) live on any device.</p>\n"
            "<table class=\"live-at-peak\">\n<thead><tr><th>bytes</th><th>span</th>"
            "<th>category</th><th>device</th><th>tensor</th></tr></thead>\n<tbody>\n"
            "<tr><td title=\"2,048 bytes\">2 KiB</td><td>s</td><td>activation</td>"
            "<td>cuda:&lt;0&gt;</td><td>t1</td></tr>\n"
            "</tbody>\n</table>\n"
            "<p class=\"note\">1 smaller tensor(s) not listed: 1 KiB in all.</p>\n");
}

TEST(PeakTableTest, TheSharedFrameSumsTheRowsNotListedSaturating) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  const std::vector<std::uint64_t> bytes = {5, kMax, kMax};
  const PeakTableRows rows{
      .count = bytes.size(),
      .noun = "thing",
      .bytes = [&bytes](std::size_t i) { return bytes[i]; },
      .cells = [](std::ostream& out, std::size_t i) { out << "<td>" << i << "</td>"; }};
  const auto figures = [](std::ostream& out) { out << " X"; };
  std::ostringstream cut;
  WriteLiveAtPeak(cut, 5, figures, "<th>c</th>", rows, 1);
  const std::string head =
      "<h3>Live at the peak</h3>\n<p class=\"peak\">5 B (5 bytes) X</p>\n"
      "<table class=\"live-at-peak\">\n<thead><tr><th>bytes</th><th>c</th></tr></thead>\n"
      "<tbody>\n<tr><td title=\"5 bytes\">5 B</td><td>0</td></tr>\n";
  EXPECT_EQ(cut.str(), head +
                           "</tbody>\n</table>\n"
                           "<p class=\"note\">2 smaller thing(s) not listed: 16777216 TiB in "
                           "all.</p>\n");
  // Every row shown: no note.
  std::ostringstream whole;
  WriteLiveAtPeak(whole, 5, figures, "<th>c</th>", rows, 3);
  EXPECT_EQ(whole.str(),
            head +
                "<tr><td title=\"18,446,744,073,709,551,615 bytes\">16777216 TiB</td><td>1</td>"
                "</tr>\n<tr><td title=\"18,446,744,073,709,551,615 bytes\">16777216 TiB</td>"
                "<td>2</td></tr>\n</tbody>\n</table>\n");
}

}  // namespace
}  // namespace tracedoc::report
