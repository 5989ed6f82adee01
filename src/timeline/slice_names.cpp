#include "timeline/slice_names.hpp"

#include "text/utf8.hpp"

namespace tracedoc::timeline {

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
  switch (kind) {
    case SliceKind::kSpan:
      return "span";
    case SliceKind::kOp:
      return "op";
    case SliceKind::kDeviceInterval:
      break;
  }
  return "device";
}

}  // namespace tracedoc::timeline
