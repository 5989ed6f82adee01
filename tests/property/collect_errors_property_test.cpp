// `validate --all` on generated traces (issue 15, item 4): k independent faults injected into a
// valid stream give exactly k errors, at the injected lines, with the injected codes; the first is
// the plain read's error, and every thread count logs the same.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "property/generated_trace_case.hpp"
#include "property/property_case_count.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::property {
namespace {

// A line that breaks one rule and leaves the fold as it was, so the faults stay independent.
struct Fault {
  std::string line;
  ErrorCode code;
};

std::vector<Fault> FaultKinds(std::string_view meta_line) {
  return {
      {R"({"kind":"span_end",)", ErrorCode::kInvalidJson},
      {"\xff\xfe", ErrorCode::kInvalidUtf8},
      {R"({"kind":"span_end","id":"injected-span","duration_ns":1})", ErrorCode::kUnknownSpanEnd},
      {"[1,2]", ErrorCode::kNotAnObject},
      {std::string(meta_line), ErrorCode::kMetaNotFirst},
  };
}

ErrorLog Collect(const std::string& text, unsigned threads, Result<void>& result) {
  ErrorLog log;
  log.max_errors = 1000;
  ReadOptions options;
  options.threads = threads;
  options.collect_errors = &log;
  result = ValidateTrace(TraceInput::FromString(text), options);
  return log;
}

RC_GTEST_PROP(CollectErrorsProperty, KInjectedFaultsGiveKErrorsAtTheirLines, ()) {
  const GeneratedTrace trace = GenerateTraceCase();
  // One text per stream line; the meta is the first record, the terminal the last, and the
  // faults go strictly between them.
  std::vector<std::string> lines;
  std::size_t meta = trace.lines.size();
  std::size_t terminal = 0;
  for (std::size_t i = 0; i < trace.lines.size(); ++i) {
    lines.push_back(RenderLine(trace.lines[i]) + (trace.lines[i].crlf ? "\r" : ""));
    if (trace.lines[i].record) {
      meta = std::min(meta, i);
      terminal = i;
    }
  }
  RC_PRE(meta < terminal);
  // The meta again, without what surrounds it (a byte-order mark belongs at the start only).
  StreamLine bare_meta = trace.lines[meta];
  bare_meta.leading.clear();
  bare_meta.trailing.clear();
  const std::vector<Fault> kinds = FaultKinds(RenderLine(bare_meta));
  const auto k = *rc::gen::inRange<std::size_t>(1, 12);
  RC_TAG(k == 1 ? "1 fault" : "several faults");
  // Insert, from the last position back, so the earlier positions stay valid.
  std::vector<std::size_t> positions = *rc::gen::container<std::vector<std::size_t>>(
      k, rc::gen::inRange<std::size_t>(meta + 1, terminal + 1));
  std::sort(positions.begin(), positions.end());
  std::vector<ErrorCode> codes(k);
  for (std::size_t i = k; i-- > 0;) {
    const Fault& fault = kinds[*rc::gen::inRange<std::size_t>(0, kinds.size())];
    lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(positions[i]), fault.line);
    codes[i] = fault.code;
  }
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  RC_LOG() << "stream:\n" << text << '\n';
  // Line numbers from 1; the i-th fault sits i lines below its position in the original.
  std::vector<std::pair<std::uint64_t, ErrorCode>> expected;
  for (std::size_t i = 0; i < k; ++i) expected.push_back({positions[i] + i + 1, codes[i]});

  Result<void> result = boost::outcome_v2::success();
  const ErrorLog log = Collect(text, 1, result);
  std::vector<std::pair<std::uint64_t, ErrorCode>> found;
  for (const Error& error : log.errors) {
    found.push_back({error.line, error.code});
    RC_LOG() << "error: " << FormatError("<generated>", error) << '\n';
  }
  RC_ASSERT(found == expected);
  RC_ASSERT(log.total == k);
  const Result<void> plain = ValidateTrace(TraceInput::FromString(text));
  RC_ASSERT(!plain.has_value() && !result.has_value());
  RC_ASSERT(plain.error() == log.errors.front());
  RC_ASSERT(result.error() == plain.error());
  Result<void> threaded = boost::outcome_v2::success();
  RC_ASSERT(Collect(text, 3, threaded).errors == log.errors);
}

}  // namespace
}  // namespace tracedoc::property
