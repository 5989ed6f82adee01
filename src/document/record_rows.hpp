// The compact rows of the record kinds a document keeps packed (docs/architecture.md, "The
// compact document"), and for each how a record becomes a row and back. A row holds refs into the
// document's pools (document/row_fields.hpp) and its numbers as they are; a record handed out is
// built from its row when asked.
#pragma once

#include <cstdint>
#include <optional>

#include "document/row_fields.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::detail {

template <class Record>
struct RowCodec;

/// A memory event in 56 bytes (its struct takes 168).
template <>
struct RowCodec<MemoryRecord> {
  struct Row {
    std::uint64_t timestamp_ns;
    std::uint64_t bytes;
    util::StringRef storage_id;
    util::StringRef tensor_id;
    util::StringRef span_id;
    util::StringRef op_name;  // kNoString: absent
    util::StringRef device;
    util::StringRef dtype;
    util::StringRef shape;
    util::StringRef unknown;  // kNoString: none
    std::uint32_t unknown_count;
    MemoryAction action;
    MemoryCategory category;
  };

  static std::optional<Row> Encode(const MemoryRecord& record, util::StringPool& pool) {
    row_fields::Encoder put(pool);
    const Row row{record.timestamp_ns,
                  record.bytes,
                  put.String(record.storage_id),
                  put.String(record.tensor_id),
                  put.String(record.span_id),
                  put.Optional(record.op_name),
                  put.String(record.device),
                  put.String(record.dtype),
                  put.Integers(record.shape),
                  put.Unknown(record.unknown),
                  put.UnknownCount(record.unknown),
                  record.action,
                  record.category};
    if (!put.ok()) return std::nullopt;
    return row;
  }

  static MemoryRecord Decode(const Row& row, const util::ChunkDirectory& directory) {
    namespace get = row_fields;
    MemoryRecord record;
    record.timestamp_ns = row.timestamp_ns;
    record.storage_id = get::String(directory, row.storage_id);
    record.tensor_id = get::String(directory, row.tensor_id);
    record.span_id = get::String(directory, row.span_id);
    record.op_name = get::Optional(directory, row.op_name);
    record.device = get::String(directory, row.device);
    record.bytes = row.bytes;
    record.action = row.action;
    record.shape = get::Integers(directory, row.shape);
    record.dtype = get::String(directory, row.dtype);
    record.category = row.category;
    record.unknown = get::Unknown(directory, row.unknown, row.unknown_count);
    return record;
  }
};

/// An op in 72 bytes (its struct takes 176), its inputs 16 bytes each (once per distinct list).
template <>
struct RowCodec<OpRecord> {
  struct Row {
    std::uint64_t duration_ns;
    std::uint64_t timestamp_ns;
    std::uint64_t output_dense_bytes;  // when has_output_dense_bytes
    std::uint64_t input_dense_bytes;
    util::StringRef span_id;
    util::StringRef op_name;
    util::StringRef inputs;
    util::StringRef output;  // kNoString: absent
    util::StringRef shape;
    util::StringRef dtype;
    util::StringRef device;
    util::StringRef unknown;  // kNoString: none
    std::uint32_t unknown_count;
    bool has_output_dense_bytes;
  };

  static std::optional<Row> Encode(const OpRecord& record, util::StringPool& pool) {
    row_fields::Encoder put(pool);
    const Row row{record.duration_ns,
                  record.timestamp_ns,
                  record.output_dense_bytes.value_or(0),
                  record.input_dense_bytes,
                  put.String(record.span_id),
                  put.String(record.op_name),
                  put.Strings(record.inputs),
                  put.Optional(record.output),
                  put.Integers(record.shape),
                  put.String(record.dtype),
                  put.String(record.device),
                  put.Unknown(record.unknown),
                  put.UnknownCount(record.unknown),
                  record.output_dense_bytes.has_value()};
    if (!put.ok()) return std::nullopt;
    return row;
  }

  static OpRecord Decode(const Row& row, const util::ChunkDirectory& directory) {
    namespace get = row_fields;
    OpRecord record;
    record.span_id = get::String(directory, row.span_id);
    record.op_name = get::String(directory, row.op_name);
    record.inputs = get::Strings(directory, row.inputs);
    record.output = get::Optional(directory, row.output);
    record.shape = get::Integers(directory, row.shape);
    record.dtype = get::String(directory, row.dtype);
    record.device = get::String(directory, row.device);
    record.duration_ns = row.duration_ns;
    record.timestamp_ns = row.timestamp_ns;
    if (row.has_output_dense_bytes) record.output_dense_bytes = row.output_dense_bytes;
    record.input_dense_bytes = row.input_dense_bytes;
    record.unknown = get::Unknown(directory, row.unknown, row.unknown_count);
    return record;
  }
};

}  // namespace tracedoc::detail
