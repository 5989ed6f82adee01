// Room for a large output string reserved at once, and backed by huge pages where the kernel
// offers them: the writers that return their whole output as a std::string start here.
#pragma once

#include <cstddef>
#include <string>

namespace tracedoc::emit {

/// Makes room in `out` for `incoming` more bytes. From util::kAdviseGrowthFromBytes on, also
/// advises huge pages over the new room (util::PreferHugePages, a hint the kernel may ignore):
/// every fresh 4 KiB page costs a fault on its first write, and under a virtual machine that
/// fault can cost more than writing the page's JSON. Never shrinks `out`.
void ReserveOutput(std::string& out, std::size_t incoming);

}  // namespace tracedoc::emit
