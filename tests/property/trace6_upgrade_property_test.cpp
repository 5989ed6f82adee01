// Issue 15, item 4: a generated trace/6 trace upgrades to trace/10 JSONL that reads back with
// every record kept (docs/upgrade.md), and the upgrade is a fixed point of read-then-write.
// The trace/6 traces are generated trace/10 ones written with trace/6's tables (cat's writer,
// WriteOptions::trace6), without the kinds trace/6 lacks.
#include <algorithm>
#include <string>
#include <variant>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "property/generated_trace_case.hpp"
#include "property/property_case_count.hpp"
#include "tracedoc/event_order.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/upgrade.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::property {
namespace {

// `document` as a trace/6 stream: its meta under the trace/6 schema, no terminal, tensor_stats
// or device intervals, and device memory samples with the used and free bytes trace/6 requires.
std::string AsTrace6(const TraceDocument& document) {
  WriteOptions trace6;
  trace6.trace6 = true;
  std::string text;
  ForEachEvent(document, [&](const auto& record) {
    using Record = std::decay_t<decltype(record)>;
    if constexpr (std::is_same_v<Record, TerminalRecord> ||
                  std::is_same_v<Record, TensorStatsRecord> ||
                  std::is_same_v<Record, DeviceIntervalRecord>) {
      return;
    } else {
      Record legacy = record;
      if constexpr (std::is_same_v<Record, MetaRecord>) legacy.schema = kLegacySchema;
      if constexpr (std::is_same_v<Record, DeviceMemoryRecord>) {
        legacy.used_bytes = legacy.used_bytes.value_or(0);
        legacy.free_bytes = legacy.free_bytes.value_or(0);
      }
      AppendEventJson(text, legacy, trace6);
      text += '\n';
    }
  });
  return text;
}

Result<TraceDocument> Read(const std::string& text) {
  return ReadTrace(TraceInput::FromString(text));
}

RC_GTEST_PROP(Trace6UpgradeProperty, UpgradedTraceReadsBackWithEveryRecordAndIsAFixedPoint, ()) {
  const std::string text6 = AsTrace6(GeneratedDocument());
  RC_LOG() << "trace/6:\n" << text6 << '\n';
  const Result<TraceDocument> legacy = Read(text6);
  if (!legacy) RC_FAIL(FormatError("<trace/6>", legacy.error()));
  RC_ASSERT(legacy.value().revision() == SchemaRevision::kTrace6);

  const std::string upgraded = UpgradeToTrace10(legacy.value());
  RC_LOG() << "upgraded:\n" << upgraded << '\n';
  const Result<TraceDocument> current = Read(upgraded);
  if (!current) RC_FAIL(FormatError("<upgraded>", current.error()));
  RC_ASSERT(current.value().revision() == SchemaRevision::kTrace10);
  RC_ASSERT(WriteJsonl(current.value()) == upgraded);
  RC_ASSERT(UpgradeToTrace10(current.value()) == upgraded);

  const TraceDocument& before = legacy.value();
  const TraceDocument& after = current.value();
  RC_ASSERT(std::ranges::equal(after.spans(), before.spans()));
  RC_ASSERT(std::ranges::equal(after.ops(), before.ops()));
  RC_ASSERT(std::ranges::equal(after.tensors(), before.tensors()));
  RC_ASSERT(std::ranges::equal(after.device_memory(), before.device_memory()));
  RC_ASSERT(std::ranges::equal(after.gradients(), before.gradients()));
  RC_ASSERT(std::ranges::equal(after.edges(), before.edges()));
  RC_ASSERT(after.run().tags == before.run().tags);
  RC_ASSERT(after.memory().size() == before.memory().size());
  for (std::size_t i = 0; i < after.memory().size(); ++i) {
    MemoryRecord expected = before.memory()[i];
    expected.storage_id = expected.tensor_id;
    RC_ASSERT(after.memory()[i] == expected);
  }
}

}  // namespace
}  // namespace tracedoc::property
