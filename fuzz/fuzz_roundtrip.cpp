// Documents that fold, written and read again. Invariants: the canonical JSONL is a fixed point
// (write ∘ read leaves it byte for byte), with and without unknown members; folding to_events
// gives back the document (§3.3); the document JSON is stable and is strict JSON; the trace/10
// upgrade of any document reads back and is a fixed point (docs/upgrade.md).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "strict_json.hpp"
#include "tracedoc/document_builder.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/upgrade.hpp"
#include "tracedoc/writer.hpp"

namespace {

using tracedoc::TraceDocument;
using tracedoc::TraceInput;

// Reads text the writer produced: it must fold.
TraceDocument ReadWritten(const std::string& written) {
  tracedoc::Result<TraceDocument> document = tracedoc::ReadTrace(TraceInput::FromString(written));
  TRACEDOC_FUZZ_CHECK(document.has_value());
  return std::move(document).value();
}

// from_events(doc.to_events()) == doc, through the public builder.
void CheckRefoldsFromEvents(const TraceDocument& document) {
  tracedoc::DocumentBuilder builder;
  std::uint64_t index = 0;
  for (const tracedoc::Event& event : tracedoc::ToEvents(document)) {
    TRACEDOC_FUZZ_CHECK(builder.Add(event, {index + 1, index}).has_value());
    ++index;
  }
  tracedoc::Result<TraceDocument> refolded = std::move(builder).Finish();
  TRACEDOC_FUZZ_CHECK(refolded.has_value());
  TRACEDOC_FUZZ_CHECK(refolded.value() == document);
}

// One compact JSON object per line, each line ending in `\n`.
void CheckJsonlShape(std::string_view jsonl) {
  TRACEDOC_FUZZ_CHECK(!jsonl.empty() && jsonl.back() == '\n');
  while (!jsonl.empty()) {
    const std::size_t end = jsonl.find('\n');
    const std::string_view line = jsonl.substr(0, end);
    TRACEDOC_FUZZ_CHECK(line.starts_with("{\"kind\":"));
    TRACEDOC_FUZZ_CHECK(tracedoc::fuzz::IsStrictJson(line));
    jsonl.remove_prefix(end + 1);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const tracedoc::Result<TraceDocument> document =
      tracedoc::ReadTrace(TraceInput::FromString(text));
  if (!document) return 0;

  const std::string written = tracedoc::WriteJsonl(document.value());
  CheckJsonlShape(written);
  const TraceDocument reread = ReadWritten(written);
  TRACEDOC_FUZZ_CHECK(tracedoc::WriteJsonl(reread) == written);

  tracedoc::WriteOptions drop;
  drop.drop_unknown = true;
  const std::string known_only = tracedoc::WriteJsonl(document.value(), drop);
  const TraceDocument reread_known = ReadWritten(known_only);
  TRACEDOC_FUZZ_CHECK(tracedoc::WriteJsonl(reread_known) == known_only);
  TRACEDOC_FUZZ_CHECK(tracedoc::WriteJsonl(reread_known, drop) == known_only);

  CheckRefoldsFromEvents(document.value());

  const std::string upgraded = tracedoc::UpgradeToTrace10(document.value());
  CheckJsonlShape(upgraded);
  const TraceDocument current = ReadWritten(upgraded);
  TRACEDOC_FUZZ_CHECK(current.revision() == tracedoc::SchemaRevision::kTrace10);
  TRACEDOC_FUZZ_CHECK(tracedoc::WriteJsonl(current) == upgraded);
  TRACEDOC_FUZZ_CHECK(current.spans().size() == document.value().spans().size());
  TRACEDOC_FUZZ_CHECK(current.memory().size() == document.value().memory().size());

  const std::string document_json = tracedoc::WriteDocumentJson(document.value());
  TRACEDOC_FUZZ_CHECK(tracedoc::WriteDocumentJson(reread) == document_json);
  TRACEDOC_FUZZ_CHECK(tracedoc::fuzz::IsStrictJson(document_json));
  tracedoc::WriteOptions pretty;
  pretty.pretty = true;
  TRACEDOC_FUZZ_CHECK(
      tracedoc::fuzz::IsStrictJson(tracedoc::WriteDocumentJson(document.value(), pretty)));
  return 0;
}
