// Each stream's columns as the exporter writes them (docs/traceml-export.md): the name, in
// column order, and the rule its value follows; and, for one record, where each value goes.
#ifndef TRACEDOC_TRACEML_STREAM_COLUMNS_HPP_
#define TRACEDOC_TRACEML_STREAM_COLUMNS_HPP_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "tracedoc/traceml_export.hpp"

namespace tracedoc::traceml {

/// The rule a column's value follows (value_checks.hpp reads each).
enum class ColumnRule : std::uint8_t {
  kStream,         ///< the stream's name (checked before the columns are read)
  kSchemaVersion,  ///< the integer 1 (checked before the columns are read)
  kCount,          ///< a non-negative integer, never null
  kInteger,        ///< a non-negative integer or null
  kRank,           ///< as kInteger, and equal to global_rank
  kHostname,       ///< a string or null; the column itself may be absent (docs)
  kText,           ///< a string or null
  kOutputLine,     ///< a non-empty string, never null
  kBytes,          ///< a whole non-negative number or null
  kNonNegative,    ///< a non-negative number or null
  kNumber,         ///< any number or null
  kIntegerBool,    ///< the integer 0 or 1, or null
  kBool,           ///< a JSON boolean or null
  kEvents,         ///< the step's phase map, never null
};

struct Column {
  std::string_view name;
  ColumnRule rule;
};

/// Where one column's value goes in the record being read; monostate for stream and
/// schema_version, which are not kept.
using ColumnTarget =
    std::variant<std::monostate, std::uint64_t*, std::optional<std::uint64_t>*,
                 std::optional<double>*, std::optional<bool>*, std::optional<std::string>*,
                 std::string*, std::vector<TraceMLPhaseSample>*>;

/// The most columns a table has (process: 23).
inline constexpr std::size_t kMaxColumns = 24;

/// A stream's columns, in order, `stream` and `schema_version` first.
std::span<const Column> StreamColumns(TraceMLStream stream);

/// The members of one `events[name][device]` map, in order.
std::span<const Column> PhaseColumns();

/// The closing line's two members.
std::span<const Column> ClosingColumns();

/// The targets of `record`'s columns, in StreamColumns order. `rank` receives the `rank`
/// column of the streams that also have global_rank.
std::size_t BindColumns(TraceMLStepTime& record, std::optional<std::uint64_t>& rank,
                        ColumnTarget* out);
std::size_t BindColumns(TraceMLStepMemory& record, std::optional<std::uint64_t>& rank,
                        ColumnTarget* out);
std::size_t BindColumns(TraceMLSystem& record, std::optional<std::uint64_t>& rank,
                        ColumnTarget* out);
std::size_t BindColumns(TraceMLSystemGpu& record, std::optional<std::uint64_t>& rank,
                        ColumnTarget* out);
std::size_t BindColumns(TraceMLProcess& record, std::optional<std::uint64_t>& rank,
                        ColumnTarget* out);
std::size_t BindColumns(TraceMLRuntimeEnvironment& record, std::optional<std::uint64_t>& rank,
                        ColumnTarget* out);
std::size_t BindColumns(TraceMLOutputLine& record, std::optional<std::uint64_t>& rank,
                        ColumnTarget* out);
/// The targets of a phase sample, in PhaseColumns order.
std::size_t BindColumns(TraceMLPhaseSample& sample, ColumnTarget* out);
/// The targets of the closing line, in ClosingColumns order.
std::size_t BindColumns(TraceMLClosingLine& closing, ColumnTarget* out);

}  // namespace tracedoc::traceml

#endif  // TRACEDOC_TRACEML_STREAM_COLUMNS_HPP_
