// Huge-page advice for a big, freshly reserved vector (util/huge_pages.hpp says why).
#ifndef TRACEDOC_SRC_ANALYSIS_HUGE_PAGES_HPP_
#define TRACEDOC_SRC_ANALYSIS_HUGE_PAGES_HPP_

#include <vector>

#include "util/huge_pages.hpp"

namespace tracedoc::analysis {

/// Advises huge pages for the whole 2 MiB pages inside `v`'s capacity; call it right after
/// reserve(), before the memory is written. Small vectors are left alone.
template <class T>
void PreferHugePages(std::vector<T>& v) noexcept {
  util::AdviseHugePages(v.data(), v.data() + v.capacity());
}

}  // namespace tracedoc::analysis

#endif  // TRACEDOC_SRC_ANALYSIS_HUGE_PAGES_HPP_
