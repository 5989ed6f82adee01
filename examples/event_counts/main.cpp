// A small analysis tool on tracedoc's streaming read: counts each record kind and finds the
// largest allocation, without ever holding the document (memory stays that of a validation).
// Usage: event_counts TRACE.jsonl   (exit 0 when the trace is valid, 1 when not, 2 on misuse)
#include <cstdint>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <variant>

#include <tracedoc/tracedoc.hpp>

namespace {

struct LargestAllocation {
  std::string storage_id;
  std::string device;
  std::uint64_t bytes = 0;
  std::uint64_t line = 0;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: event_counts TRACE.jsonl\n";
    return 2;
  }
  std::map<std::string, std::uint64_t> counts;
  std::optional<LargestAllocation> largest;
  const tracedoc::Result<void> read = tracedoc::ReadEvents(
      tracedoc::TraceInput::FromFile(argv[1]), {},
      [&](const tracedoc::Event& event, const tracedoc::RecordPosition& position) {
        ++counts[std::string(tracedoc::EventKindName(event))];
        const auto* memory = std::get_if<tracedoc::MemoryRecord>(&event);
        if (memory != nullptr && memory->action == tracedoc::MemoryAction::kAlloc &&
            (!largest || memory->bytes > largest->bytes)) {
          // The event's views end with the call: keep copies.
          largest = LargestAllocation{std::string(memory->storage_id),
                                      std::string(memory->device), memory->bytes, position.line};
        }
        return tracedoc::EventControl::kContinue;
      });
  for (const auto& [kind, count] : counts) std::cout << kind << ' ' << count << '\n';
  if (largest) {
    std::cout << "largest allocation " << largest->bytes << " bytes, storage "
              << largest->storage_id << " on " << largest->device << ", line " << largest->line
              << '\n';
  } else {
    std::cout << "largest allocation none\n";
  }
  if (!read) {
    std::cout << "rejected: " << tracedoc::FormatError(argv[1], read.error()) << '\n';
    return 1;
  }
  return 0;
}
