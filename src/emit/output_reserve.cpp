// ReserveOutput: std::string::reserve, then the huge-page advice over the 2 MiB-aligned interior
// of the buffer (madvise needs page-aligned bounds; the edges keep small pages).
#include "emit/output_reserve.hpp"

#include "util/huge_pages.hpp"

namespace tracedoc::emit {

void ReserveOutput(std::string& out, std::size_t incoming) {
  const std::size_t needed = out.size() + incoming;
  if (needed <= out.capacity()) return;
  out.reserve(needed);
  if (incoming >= kHugePageOutputBytes) {
    util::AdviseHugePages(out.data() + out.size(), out.data() + out.capacity());
  }
}

}  // namespace tracedoc::emit
