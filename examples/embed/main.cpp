// Reads a trace with tracedoc and prints its first error, or its summary and memory peak, its
// record count (ForEachEvent) and the summary as JSON, streamed to standard output.
// Usage: embed TRACE.jsonl   (exit 0 when the trace folds, 1 when it does not, 2 on misuse)
#include <iostream>

#include <tracedoc/tracedoc.hpp>
#include <tracedoc/version.hpp>

namespace {

// The first error, as the command line prints it: FILE:LINE: error[CODE]: MESSAGE.
int ReportRejected(const char* path, const tracedoc::Error& error) {
  std::cout << "rejected: " << tracedoc::FormatError(path, error) << '\n'
            << "line " << error.line << ", code " << tracedoc::ErrorCodeName(error.code) << '\n';
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: embed TRACE.jsonl\n";
    return 2;
  }
  const tracedoc::Result<tracedoc::TraceDocument> doc =
      tracedoc::ReadTrace(tracedoc::TraceInput::FromFile(argv[1]));
  if (!doc) return ReportRejected(argv[1], doc.error());

  const tracedoc::TraceDocument& trace = doc.value();
  const tracedoc::TraceSummary summary = tracedoc::Summarize(trace);
  std::cout << "tracedoc " << tracedoc::kVersion << '\n'
            << "schema " << trace.schema() << '\n'
            << "spans " << summary.span_count << " (roots " << summary.root_span_count
            << ", max depth " << summary.max_depth << ")\n"
            << "ops " << summary.op_count << ", measured " << summary.total_ns << " ns\n"
            << "allocs " << summary.alloc_count << ", frees " << summary.free_count << '\n';

  const tracedoc::MemoryProfile memory = tracedoc::AnalyzeMemory(trace);
  if (memory.logical && memory.logical->peak) {
    const tracedoc::LogicalMemoryPeak& peak = *memory.logical->peak;
    std::cout << "memory peak " << peak.live_bytes << " bytes at " << peak.timestamp_ns << " ns, "
              << peak.live_allocations.size() << " live allocations\n";
  } else {
    std::cout << "memory peak none (no logical memory events)\n";
  }

  std::size_t records = 0;
  tracedoc::ForEachEvent(trace, [&records](const auto&) { ++records; });
  std::cout << "records " << records << '\n';
  tracedoc::WriteSummaryJson(summary, std::cout, tracedoc::WriteOptions{.pretty = true});
  std::cout << '\n';
  return std::cout ? 0 : 2;
}
