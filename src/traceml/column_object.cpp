#include "traceml/column_object.hpp"

#include <bitset>
#include <string>

#include <boost/unordered/unordered_flat_set.hpp>

#include "format/object_codec.hpp"
#include "traceml/value_checks.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::traceml {
namespace {

constexpr std::size_t kNoColumn = static_cast<std::size_t>(-1);

// A table has at most kMaxColumns names: looking a key up costs a bounded number of
// comparisons, so a line of many members stays linear.
std::size_t FindColumn(std::span<const Column> columns, std::string_view key) {
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (columns[i].name == key) return i;
  }
  return kNoColumn;
}

Error DuplicateKey(const LineContext& ctx, const std::string& field) {
  return ctx.Fail(ErrorCode::kDuplicateKey, field, "duplicate field `" + field + "`");
}

}  // namespace

Result<bool> ReadColumnObject(LineContext& ctx, std::uint32_t node, std::span<const Column> columns,
                              const ColumnTarget* targets, const ObjectReadOptions& options,
                              std::vector<TraceMLUnknownField>& unknown) {
  std::bitset<kMaxColumns> seen;
  // Unknown keys, to find one written twice (known ones are in `seen`).
  boost::unordered_flat_set<std::string_view, util::SeededHash, std::equal_to<>> unknown_keys;
  std::size_t last_column = 0;  // the furthest column in the table met so far
  bool order_reported = false;
  const json::Node& object = ctx.node(node);
  std::uint32_t key_node = node + 1;
  for (std::uint32_t m = 0; m < object.count; ++m) {
    const std::uint32_t value_node = key_node + 1;
    const std::uint32_t next = ctx.node(value_node).end;
    const std::string_view key = ctx.text(key_node);
    const std::size_t column = FindColumn(columns, key);
    std::string field = FieldPath(options.path, key);
    if (column == kNoColumn) {
      if (!unknown_keys.insert(key).second) return DuplicateKey(ctx, field);
      if (ctx.strict()) {
        return ctx.Fail(ErrorCode::kUnknownField, field, "unknown field `" + field + "`");
      }
      std::string json;
      format::AppendCompactJson(ctx.tape(), value_node, json);
      ctx.Warn(TraceMLWarningCode::kUnknownField, field,
               [&] { return "unknown field `" + field + "`, kept"; });
      unknown.push_back(TraceMLUnknownField{std::move(field), std::move(json)});
      key_node = next;
      continue;
    }
    if (seen.test(column)) return DuplicateKey(ctx, field);
    seen.set(column);
    if (options.check_order && column < last_column && !order_reported) {
      const std::string after = FieldPath(options.path, columns[last_column].name);
      if (ctx.strict()) {
        return ctx.Fail(ErrorCode::kTraceMLFieldOrder, field,
                        "`" + field + "` after `" + after + "`, out of column order");
      }
      order_reported = true;
      ctx.Warn(TraceMLWarningCode::kFieldOrder, field,
               [&] { return "`" + field + "` after `" + after + "`, out of column order"; });
    }
    if (column > last_column) last_column = column;
    BOOST_OUTCOME_TRY(
        ReadColumnValue(ctx, value_node, columns[column].rule, targets[column], field, unknown));
    key_node = next;
  }
  bool has_hostname = false;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (columns[i].rule == ColumnRule::kHostname) {
      has_hostname = seen.test(i);
      continue;
    }
    if (!seen.test(i)) {
      const std::string field = FieldPath(options.path, columns[i].name);
      return ctx.Fail(ErrorCode::kMissingField, field, "missing field `" + field + "`");
    }
  }
  return has_hostname;
}

}  // namespace tracedoc::traceml
