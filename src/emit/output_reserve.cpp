// ReserveOutput: std::string::reserve, then util's huge-page advice when the growth is large.
#include "emit/output_reserve.hpp"

#include "util/huge_pages.hpp"

namespace tracedoc::emit {

void ReserveOutput(std::string& out, std::size_t incoming) {
  const std::size_t needed = out.size() + incoming;
  if (needed <= out.capacity()) return;
  out.reserve(needed);
  if (incoming >= util::kAdviseGrowthFromBytes) util::PreferHugePages(out);
}

}  // namespace tracedoc::emit
