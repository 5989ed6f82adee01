// The exact JSON spellings of every enumeration (docs/trace-format.md §1.1), in enumerator order.
#include "tracedoc/enums.hpp"

#include <array>

namespace tracedoc {
namespace {

constexpr std::array<std::string_view, 2> kPhase = {"train", "infer"};
constexpr std::array<std::string_view, 3> kStep = {"forward", "backward", "optimizer"};
constexpr std::array<std::string_view, 2> kTimingMode = {"host", "device_synchronized"};
constexpr std::array<std::string_view, 3> kSpanKind = {"function", "op", "module"};
constexpr std::array<std::string_view, 4> kGradientState = {"present", "missing", "zero",
                                                            "non_finite"};
constexpr std::array<std::string_view, 2> kOutcome = {"complete", "failed"};
constexpr std::array<std::string_view, 2> kAction = {"alloc", "free"};
constexpr std::array<std::string_view, 5> kCategory = {"parameter", "activation", "gradient",
                                                       "optimizer", "other"};
constexpr std::array<std::string_view, 3> kCoverage = {"none", "partial", "complete"};
constexpr std::array<std::string_view, 3> kScope = {"unknown", "profiled_work",
                                                    "production_equivalent"};
constexpr std::array<std::string_view, 3> kExpectation = {"active", "inactive", "data_conditional"};
constexpr std::array<std::string_view, 2> kEdgeKind = {"call", "data"};

}  // namespace

template <>
std::span<const std::string_view> EnumSpellings<ExecutionPhase>() noexcept {
  return kPhase;
}
template <>
std::span<const std::string_view> EnumSpellings<ExecutionStep>() noexcept {
  return kStep;
}
template <>
std::span<const std::string_view> EnumSpellings<TimingMode>() noexcept {
  return kTimingMode;
}
template <>
std::span<const std::string_view> EnumSpellings<SpanKind>() noexcept {
  return kSpanKind;
}
template <>
std::span<const std::string_view> EnumSpellings<GradientState>() noexcept {
  return kGradientState;
}
template <>
std::span<const std::string_view> EnumSpellings<RunOutcome>() noexcept {
  return kOutcome;
}
template <>
std::span<const std::string_view> EnumSpellings<MemoryAction>() noexcept {
  return kAction;
}
template <>
std::span<const std::string_view> EnumSpellings<MemoryCategory>() noexcept {
  return kCategory;
}
template <>
std::span<const std::string_view> EnumSpellings<CoverageLevel>() noexcept {
  return kCoverage;
}
template <>
std::span<const std::string_view> EnumSpellings<MeasurementScope>() noexcept {
  return kScope;
}
template <>
std::span<const std::string_view> EnumSpellings<GradientFamilyExpectation>() noexcept {
  return kExpectation;
}
template <>
std::span<const std::string_view> EnumSpellings<EdgeKind>() noexcept {
  return kEdgeKind;
}

}  // namespace tracedoc
