// Dense tensor bytes from shape and dtype (docs/trace-format.md §2.3), and the dtype size table.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "tracedoc/event.hpp"

namespace tracedoc::format {

/// Bytes per element of `dtype` after trimming and ASCII lower-casing (`F32`, `" bf16 "`), or
/// None for anything outside the table (`float32`, `u4`, `""`).
std::optional<std::uint64_t> DtypeSize(std::string_view dtype) noexcept;

/// `explicit_bytes` when present; else elements × size with saturating multiplication; None
/// when the dtype is unknown (checked before the shape, so a zero dimension does not help).
std::optional<std::uint64_t> ResolveDenseBytes(std::optional<std::uint64_t> explicit_bytes,
                                               ArrayView<std::uint64_t> shape,
                                               std::string_view dtype) noexcept;

/// The product of `shape` with checked multiplication (1 for a scalar); None on overflow.
std::optional<std::uint64_t> CheckedElementCount(ArrayView<std::uint64_t> shape) noexcept;


}  // namespace tracedoc::format
