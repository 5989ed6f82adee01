// The enumerations of the trace format (docs/trace-format.md §1.1) and their exact JSON spellings.
// Used by the records in event.hpp, the decoder and the writers.
#ifndef TRACEDOC_ENUMS_HPP_
#define TRACEDOC_ENUMS_HPP_

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace tracedoc {

enum class ExecutionPhase : std::uint8_t { kTrain, kInfer };
enum class ExecutionStep : std::uint8_t { kForward, kBackward, kOptimizer };
enum class TimingMode : std::uint8_t { kHost, kDeviceSynchronized };
enum class SpanKind : std::uint8_t { kFunction, kOp, kModule };
enum class GradientState : std::uint8_t { kPresent, kMissing, kZero, kNonFinite };
enum class RunOutcome : std::uint8_t { kComplete, kFailed };
enum class MemoryAction : std::uint8_t { kAlloc, kFree };
enum class MemoryCategory : std::uint8_t { kParameter, kActivation, kGradient, kOptimizer, kOther };
/// Ordered: none < partial < complete.
enum class CoverageLevel : std::uint8_t { kNone, kPartial, kComplete };
enum class MeasurementScope : std::uint8_t { kUnknown, kProfiledWork, kProductionEquivalent };
enum class GradientFamilyExpectation : std::uint8_t { kActive, kInactive, kDataConditional };
enum class EdgeKind : std::uint8_t { kCall, kData };

/// The JSON spellings of an enumeration, indexed by the enumerator's value.
template <class Enum>
std::span<const std::string_view> EnumSpellings() noexcept;

/// The JSON spelling of `value`, e.g. "device_synchronized".
template <class Enum>
std::string_view EnumName(Enum value) noexcept {
  return EnumSpellings<Enum>()[static_cast<std::size_t>(value)];
}

/// The enumerator spelled exactly `text` (case-sensitive), if any.
template <class Enum>
std::optional<Enum> EnumFromName(std::string_view text) noexcept {
  const auto spellings = EnumSpellings<Enum>();
  for (std::size_t i = 0; i < spellings.size(); ++i) {
    if (spellings[i] == text) return static_cast<Enum>(i);
  }
  return std::nullopt;
}

}  // namespace tracedoc

#endif  // TRACEDOC_ENUMS_HPP_
