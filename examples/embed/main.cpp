// Reads a trace with tracedoc and prints its first error, or what it holds.
// Usage: embed TRACE.jsonl   (exit 0 when the trace folds, 1 when it does not)
#include <cstdio>
#include <iostream>

#include <tracedoc/tracedoc.hpp>
#include <tracedoc/version.hpp>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: embed TRACE.jsonl\n";
    return 2;
  }
  const tracedoc::Result<tracedoc::TraceDocument> doc =
      tracedoc::ReadTrace(tracedoc::TraceInput::FromFile(argv[1]));
  if (!doc) {
    const tracedoc::Error& error = doc.error();
    std::cout << "rejected at line " << error.line << ": " << tracedoc::ErrorCodeName(error.code)
              << ": " << error.message << '\n';
    return 1;
  }
  const tracedoc::TraceDocument& trace = doc.value();
  std::cout << "tracedoc " << tracedoc::kVersion << '\n'
            << "schema " << trace.schema() << '\n'
            << "spans " << trace.spans().size() << '\n'
            << "ops " << trace.ops().size() << '\n'
            << "memory events " << trace.memory().size() << '\n';
  for (const tracedoc::SpanRecord& span : trace.spans()) {
    if (!span.parent_id) std::cout << "root span " << span.name << '\n';
  }
  return 0;
}
