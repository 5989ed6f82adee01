// What the read pipeline may see of a DocumentBuilder beyond its public API: the storage of the
// document being built, where large decoded values are adopted (read/large_value_handover).
#ifndef TRACEDOC_FOLD_BUILDER_ACCESS_HPP_
#define TRACEDOC_FOLD_BUILDER_ACCESS_HPP_

#include <cstddef>
#include <memory>

#include "tracedoc/document_builder.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::detail {

struct BlockRecords;

struct BuilderAccess {
  /// The document's storage, where the next Add may find its large values already.
  static util::StringPool& Pool(DocumentBuilder& builder);
  /// Whether the builder keeps every record, or only the meta record (a validation).
  static bool RetainsRecords(const DocumentBuilder& builder);
  /// As DocumentBuilder::Add, for an event whose strings and arrays already live in a pool the
  /// builder will adopt (AdoptShard): the record is kept as it is, not copied into the document.
  static Result<void> AddOwned(DocumentBuilder& builder, const Event& event,
                               RecordPosition position);
  /// The place checks of DocumentBuilder::Add for a record gathered into a BlockRecords (its
  /// kind's variant index; `valid`: BlockRecords::Add's answer), counted as Add counts it. The
  /// record itself is kept by AppendGathered, at the end of its block.
  static Result<void> AddGathered(DocumentBuilder& builder, std::size_t kind_index, bool valid,
                                  RecordPosition position);
  /// Keeps every record of `records`, whose records all passed AddGathered, in order by kind.
  static void AppendGathered(DocumentBuilder& builder, const BlockRecords& records);
  /// Makes `shard` part of the document's storage, for the records AddOwned kept from it.
  static void AdoptShard(DocumentBuilder& builder, std::unique_ptr<util::StringPool> shard);
};

}  // namespace tracedoc::detail

#endif  // TRACEDOC_FOLD_BUILDER_ACCESS_HPP_
