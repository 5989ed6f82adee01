#include "timeline/slice_names.hpp"

#include <array>
#include <cstddef>
#include <string_view>

#include "text/utf8.hpp"
#include "util/enum_names.hpp"

namespace tracedoc::timeline {
namespace {

// Indexed by SliceKind.
constexpr std::array<std::string_view, 3> kCategories = {"span", "op", "device"};
static_assert(kCategories.size() == static_cast<std::size_t>(SliceKind::kDeviceInterval) + 1,
              "one category per SliceKind");

}  // namespace

std::string_view SliceNames::Name(SliceRef slice, std::string& buffer) const {
  switch (slice.kind) {
    case SliceKind::kSpan:
      return document_.spans()[slice.index].name;
    case SliceKind::kOp:
      return document_.ops()[slice.index].op_name;
    case SliceKind::kDeviceInterval:
      break;
  }
  const DeviceIntervalRecord& interval = document_.device_intervals()[slice.index];
  const auto span = spans_.Find(interval.span_id);
  if (!span) return interval.span_id;
  buffer = text::Shortened(document_.spans()[*span].name, kMaxIntervalNameBytes);
  return buffer;
}

std::string_view SliceNames::Category(SliceKind kind) {
  return util::EnumNameOr(kCategories, kind, "device");
}

}  // namespace tracedoc::timeline
