// The value rules of an export's columns (docs/traceml-export.md, "Values"), one function per
// rule, for the tables' fields: each reads the value at `node` into its member, or fails with
// the rule's code about the field at the context's path. Messages quote what they echo with a
// bound, so one error stays one short line.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "format/decode_context.hpp"

namespace tracedoc::traceml {

// A value of the wrong JSON type is format::FailType's invalid_type, worded as for every format.

/// An integer literal in 0..=2^64-1, never null: invalid_type for anything else (`1.0`, `1e3`
/// included), out_of_range for a negative or larger integer.
bool ReadCount(format::DecodeContext& ctx, std::uint32_t node, std::uint64_t& out);
/// The same, or null.
bool ReadInteger(format::DecodeContext& ctx, std::uint32_t node, std::optional<std::uint64_t>& out);
/// Any JSON number, or null.
bool ReadNumber(format::DecodeContext& ctx, std::uint32_t node, std::optional<double>& out);
/// A number not below 0 (out_of_range), or null: percentages, durations, watts.
bool ReadNonNegative(format::DecodeContext& ctx, std::uint32_t node, std::optional<double>& out);
/// A whole number (invalid_value) not below 0 (out_of_range), or null: byte counts.
bool ReadBytes(format::DecodeContext& ctx, std::uint32_t node, std::optional<double>& out);
/// The integer 0 or 1 (another integer is invalid_value), or null; kept as the integer.
bool ReadIntegerBool(format::DecodeContext& ctx, std::uint32_t node,
                     std::optional<std::uint64_t>& out);
/// JSON true or false, or null.
bool ReadBool(format::DecodeContext& ctx, std::uint32_t node, std::optional<bool>& out);
/// A string, or null.
bool ReadText(format::DecodeContext& ctx, std::uint32_t node,
              std::optional<std::string_view>& out);
/// stdout_stderr's `line`: a string, never null, never empty (invalid_value).
bool ReadOutputLine(format::DecodeContext& ctx, std::uint32_t node, std::string_view& out);

}  // namespace tracedoc::traceml
