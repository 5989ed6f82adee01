// One field table per alternative, the same tables the builder uses to keep records.
#include "read/owned_event.hpp"

#include "format/object_codec.hpp"
#include "format/record_fields.hpp"

namespace tracedoc::read {
namespace {

template <class Record>
Event Owned(util::StringPool& pool, const Record& record,
            std::span<const format::FieldSpec<Record>> fields) {
  Record copy = record;
  format::OwnFields(pool, fields, copy);
  return Event(std::move(copy));
}

}  // namespace

Event OwnEvent(util::StringPool& pool, const Event& event) {
  switch (event.index()) {
    case 0: {
      MetaRecord meta = std::get<MetaRecord>(event);
      meta.schema = pool.Intern(meta.schema);
      format::OwnFields(pool, format::RunMetaFields(), meta.run);
      return Event(std::move(meta));
    }
    case 1:
      return Owned(pool, std::get<SpanStartRecord>(event), format::SpanStartFields());
    case 2:
      return Owned(pool, std::get<SpanEndRecord>(event), format::SpanEndFields());
    case 3:
      return Owned(pool, std::get<OpRecord>(event), format::OpFields());
    case 4:
      return Owned(pool, std::get<TensorRecord>(event), format::TensorFields());
    case 5:
      return Owned(pool, std::get<TensorStatsRecord>(event), format::TensorStatsFields());
    case 6:
      return Owned(pool, std::get<MemoryRecord>(event), format::MemoryFields());
    case 7:
      return Owned(pool, std::get<DeviceMemoryRecord>(event), format::DeviceMemoryFields());
    case 8:
      return Owned(pool, std::get<DeviceIntervalRecord>(event), format::DeviceIntervalFields());
    case 9:
      return Owned(pool, std::get<GradientRecord>(event), format::GradientFields());
    case 10: {
      const EdgeRecord& edge = std::get<EdgeRecord>(event);
      return Owned(
          pool, edge,
          edge.edge_kind == EdgeKind::kCall ? format::CallEdgeFields() : format::DataEdgeFields());
    }
    default:
      return Owned(pool, std::get<TerminalRecord>(event), format::TerminalFields());
  }
}

}  // namespace tracedoc::read
