// Each alternative owned through its record traits, as the builder keeps records.
#include "read/owned_event.hpp"

#include <utility>
#include <variant>

#include "format/record_traits.hpp"

namespace tracedoc::read {

Event OwnEvent(util::StringPool& pool, const Event& event) {
  return std::visit(
      [&pool](const auto& record) -> Event {
        auto copy = record;
        format::OwnRecord(pool, copy);
        return Event(std::move(copy));
      },
      event);
}

}  // namespace tracedoc::read
