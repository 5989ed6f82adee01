// The public spelling of each Event alternative's `kind`, from the record traits.
#include "format/record_traits.hpp"

namespace tracedoc {

std::string_view EventKindName(const Event& event) noexcept {
  return format::kKindNames[event.index()];
}

}  // namespace tracedoc
