#include "decode/fast_field_tables.hpp"

#include <span>
#include <utility>

#include "format/record_fields.hpp"

namespace tracedoc::decode {
namespace {

template <class Record>
FastRecordTable MakeTable(std::span<const format::FieldSpec<Record>> specs) {
  FastRecordTable table;
  table.emplace = [](Event& event) -> void* { return &event.emplace<Record>(); };
  // Each member's address in a probe record, as an offset: the same in every record.
  Record probe{};
  const auto* base = reinterpret_cast<const std::byte*>(&probe);
  table.fields.reserve(specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    FastField field{specs[i].name};
    if (specs[i].slot != nullptr) {
      const format::FieldSlot slot = specs[i].slot(probe);
      field.kind = slot.kind;
      field.offset = static_cast<std::uint32_t>(static_cast<const std::byte*>(slot.target) - base);
      field.set_enum = slot.set_enum;
    }
    if (specs[i].presence == format::Presence::kRequired) table.required |= 1u << i;
    table.fields.push_back(field);
  }
  return table;
}

template <std::size_t... I>
FastTables MakeTables(std::index_sequence<I...>) {
  FastTables tables;
  auto make = [&tables]<std::size_t K>(std::integral_constant<std::size_t, K>) {
    using Record = std::variant_alternative_t<K, Event>;
    // The meta's table is that of its run metadata, behind its own `schema`: left to the
    // general path, as it is one line per trace.
    if constexpr (!std::is_same_v<Record, MetaRecord>) {
      tables.kinds[K] = MakeTable(format::RecordTraits<Record>::Fields(Record{}));
    }
  };
  (make(std::integral_constant<std::size_t, I>()), ...);
  tables.data_edge = MakeTable(format::DataEdgeFields());
  return tables;
}

}  // namespace

const FastTables& GetFastTables() {
  static const FastTables kTables = MakeTables(std::make_index_sequence<format::kKindCount>());
  return kTables;
}

}  // namespace tracedoc::decode
