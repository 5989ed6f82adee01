#include "traceml/value_checks.hpp"

#include <cmath>
#include <optional>
#include <string_view>

#include "json/number.hpp"
#include "traceml/phase_events.hpp"
#include "traceml/shown_input.hpp"

namespace tracedoc::traceml {
namespace {

// A literal as messages show it: huge ones cut, so that one error stays one short line.
std::string Shown(std::string_view literal) { return ShownInput(literal, 40); }

bool IsNull(const LineContext& ctx, std::uint32_t node) {
  return ctx.node(node).type == json::NodeType::kNull;
}

Result<double> ReadNumber(LineContext& ctx, std::uint32_t node, const std::string& field) {
  const json::Node& n = ctx.node(node);
  if (n.type != json::NodeType::kNumber) return ctx.FailType(node, field, "a number or null");
  double value = 0;
  // The tape has already rejected literals beyond the double range.
  json::ParseF64(ctx.tape().text(n), value);
  return value;
}

// kBytes, kNonNegative, kNumber: a number or null, with the unit's range.
Result<std::optional<double>> ReadMeasure(LineContext& ctx, std::uint32_t node, ColumnRule rule,
                                          const std::string& field) {
  if (IsNull(ctx, node)) return std::optional<double>();
  BOOST_OUTCOME_TRY(const double value, ReadNumber(ctx, node, field));
  if (rule == ColumnRule::kNumber) return std::optional(value);
  const std::string literal = Shown(ctx.tape().text(ctx.node(node)));
  if (value < 0) {
    return ctx.Fail(ErrorCode::kOutOfRange, field,
                    "`" + field + "` is " + literal + ", expected a non-negative number");
  }
  if (rule == ColumnRule::kBytes && std::floor(value) != value) {
    return ctx.Fail(ErrorCode::kInvalidValue, field,
                    "`" + field + "` is " + literal + ", expected a whole number of bytes");
  }
  return std::optional(value);
}

Result<std::optional<std::uint64_t>> ReadOptionalCount(LineContext& ctx, std::uint32_t node,
                                                       const std::string& field) {
  if (IsNull(ctx, node)) return std::optional<std::uint64_t>();
  BOOST_OUTCOME_TRY(const std::uint64_t value, ReadCount(ctx, node, field));
  return std::optional(value);
}

// gpu_available, distributed_initialized: the integer 0 or 1 (never a JSON boolean).
Result<std::optional<bool>> ReadIntegerBool(LineContext& ctx, std::uint32_t node,
                                            const std::string& field) {
  if (IsNull(ctx, node)) return std::optional<bool>();
  const json::Node& n = ctx.node(node);
  if (n.type != json::NodeType::kNumber || n.is_float_literal) {
    return ctx.FailType(node, field, "the integer 0 or 1, or null");
  }
  const std::string_view literal = ctx.tape().text(n);
  if (literal != "0" && literal != "1") {
    return ctx.Fail(ErrorCode::kInvalidValue, field,
                    "`" + field + "` is " + Shown(literal) + ", expected 0 or 1");
  }
  return std::optional(literal == "1");
}

Result<std::optional<bool>> ReadBool(LineContext& ctx, std::uint32_t node,
                                     const std::string& field) {
  switch (ctx.node(node).type) {
    case json::NodeType::kNull:
      return std::optional<bool>();
    case json::NodeType::kTrue:
      return std::optional(true);
    case json::NodeType::kFalse:
      return std::optional(false);
    default:
      return ctx.FailType(node, field, "a boolean or null");
  }
}

Result<std::optional<std::string>> ReadText(LineContext& ctx, std::uint32_t node,
                                            const std::string& field) {
  if (IsNull(ctx, node)) return std::optional<std::string>();
  if (ctx.node(node).type != json::NodeType::kString) {
    return ctx.FailType(node, field, "a string or null");
  }
  return std::optional(std::string(ctx.text(node)));
}

// stdout_stderr's `line`: the exporter records no empty line and never a null one.
Result<std::string> ReadOutputLine(LineContext& ctx, std::uint32_t node, const std::string& field) {
  if (ctx.node(node).type != json::NodeType::kString) return ctx.FailType(node, field, "a string");
  std::string text(ctx.text(node));
  if (text.empty()) {
    return ctx.Fail(ErrorCode::kInvalidValue, field,
                    "`" + field + "` is empty, expected a captured output line");
  }
  return text;
}

// Stores `value` (a Result) through the target's pointer of type T.
template <class T, class Value>
Result<void> Store(const ColumnTarget& target, Result<Value> value) {
  if (!value) return std::move(value).error();
  *std::get<T*>(target) = std::move(value).value();
  return boost::outcome_v2::success();
}

}  // namespace

Result<std::uint64_t> ReadCount(LineContext& ctx, std::uint32_t node, const std::string& field) {
  const json::Node& n = ctx.node(node);
  if (n.type != json::NodeType::kNumber || n.is_float_literal) {
    return ctx.FailType(node, field, "a non-negative integer");
  }
  const std::string_view literal = ctx.tape().text(n);
  std::uint64_t value = 0;
  if (json::ParseU64(literal, value) != json::U64Status::kOk) {
    return ctx.Fail(ErrorCode::kOutOfRange, field,
                    "`" + field + "` is " + Shown(literal) +
                        ", expected an integer in 0..=18446744073709551615");
  }
  return value;
}

Result<void> ReadColumnValue(LineContext& ctx, std::uint32_t node, ColumnRule rule,
                             const ColumnTarget& target, const std::string& field,
                             std::vector<TraceMLUnknownField>& unknown) {
  using T = ColumnRule;
  switch (rule) {
    case T::kStream:
    case T::kSchemaVersion:
      return boost::outcome_v2::success();
    case T::kCount:
      return Store<std::uint64_t>(target, ReadCount(ctx, node, field));
    case T::kInteger:
    case T::kRank:
      return Store<std::optional<std::uint64_t>>(target, ReadOptionalCount(ctx, node, field));
    case T::kHostname:
    case T::kText:
      return Store<std::optional<std::string>>(target, ReadText(ctx, node, field));
    case T::kOutputLine:
      return Store<std::string>(target, ReadOutputLine(ctx, node, field));
    case T::kBytes:
    case T::kNonNegative:
    case T::kNumber:
      return Store<std::optional<double>>(target, ReadMeasure(ctx, node, rule, field));
    case T::kIntegerBool:
      return Store<std::optional<bool>>(target, ReadIntegerBool(ctx, node, field));
    case T::kBool:
      return Store<std::optional<bool>>(target, ReadBool(ctx, node, field));
    case T::kEvents:
      return ReadPhaseEvents(ctx, node, field, *std::get<std::vector<TraceMLPhaseSample>*>(target),
                             unknown);
  }
  return boost::outcome_v2::success();
}

}  // namespace tracedoc::traceml
