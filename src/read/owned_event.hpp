// Deep copies of decoded events. A decoded Event refers to its decoder's buffers, which the next
// Decode reuses; a copy owned by a pool outlives the decoder (the threaded read hands decoded
// events from worker threads to the folding thread this way).
#pragma once

#include "tracedoc/event.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::read {

/// `event` with every string and array re-pointed into `pool`.
Event OwnEvent(util::StringPool& pool, const Event& event);

}  // namespace tracedoc::read
