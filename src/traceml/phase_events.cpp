#include "traceml/phase_events.hpp"

#include <array>
#include <string_view>

#include <boost/unordered/unordered_flat_set.hpp>

#include "traceml/column_object.hpp"
#include "traceml/stream_columns.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::traceml {
namespace {

using KeySet = boost::unordered_flat_set<std::string_view, util::SeededHash, std::equal_to<>>;

// Calls visit(key, key path, value node) for each member of the object at `node`, which must
// be a map, failing with duplicate_key on a key written twice. Each object has its own set:
// clearing one set reused across objects would cost its largest capacity every time.
template <class Visit>
Result<void> ForEachMember(LineContext& ctx, std::uint32_t node, const std::string& path,
                           Visit&& visit) {
  KeySet seen;
  const json::Node& object = ctx.node(node);
  std::uint32_t key_node = node + 1;
  for (std::uint32_t m = 0; m < object.count; ++m) {
    const std::string_view key = ctx.text(key_node);
    std::string field = FieldPath(path, key);
    if (!seen.insert(key).second) {
      return ctx.Fail(ErrorCode::kDuplicateKey, field, "duplicate field `" + field + "`");
    }
    if (ctx.node(key_node + 1).type != json::NodeType::kObject) {
      return ctx.FailType(key_node + 1, field, "a map");
    }
    BOOST_OUTCOME_TRY(visit(key, field, key_node + 1));
    key_node = ctx.node(key_node + 1).end;
  }
  return boost::outcome_v2::success();
}

}  // namespace

Result<void> ReadPhaseEvents(LineContext& ctx, std::uint32_t node, const std::string& field,
                             std::vector<TraceMLPhaseSample>& samples,
                             std::vector<TraceMLUnknownField>& unknown) {
  if (ctx.node(node).type != json::NodeType::kObject) return ctx.FailType(node, field, "a map");
  return ForEachMember(
      ctx, node, field,
      [&](std::string_view name, const std::string& name_path, std::uint32_t devices_node) {
        return ForEachMember(
            ctx, devices_node, name_path,
            [&](std::string_view device, const std::string& sample_path,
                std::uint32_t sample_node) -> Result<void> {
              TraceMLPhaseSample sample;
              sample.name = name;
              sample.device = device;
              std::array<ColumnTarget, kMaxColumns> targets;
              BindColumns(sample, targets.data());
              BOOST_OUTCOME_TRY(ReadColumnObject(ctx, sample_node, PhaseColumns(), targets.data(),
                                                 ObjectReadOptions{sample_path, true}, unknown));
              samples.push_back(std::move(sample));
              return boost::outcome_v2::success();
            });
      });
}

}  // namespace tracedoc::traceml
