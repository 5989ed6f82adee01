// The spool's value types (docs/cirron-spool.md, "Types").
#include "cirron/field_values.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "cirron/hex_id.hpp"

namespace tracedoc::cirron {
namespace {

FieldError WrongType(const JsonPath& path, std::string_view expected) {
  return FieldErrorAt(ErrorCode::kInvalidType, path, "expected " + std::string(expected));
}

}  // namespace

Checked<std::uint64_t> ReadCount(const JsonValue& value, const JsonPath& path) {
  if (value.IsUint64()) return value.GetUint64();
  if (value.IsInt64()) {
    return FieldErrorAt(ErrorCode::kOutOfRange, path, "a negative integer where none is allowed");
  }
  // Integer literals beyond 64 bits are kept as doubles by RapidJSON; they are too large.
  if (value.IsDouble() && value.GetDouble() >= 18446744073709551616.0) {
    return FieldErrorAt(ErrorCode::kOutOfRange, path, "an integer above 18446744073709551615");
  }
  return WrongType(path, "a non-negative integer");
}

Checked<std::optional<std::uint64_t>> ReadNullableCount(const JsonValue& value,
                                                        const JsonPath& path) {
  if (value.IsNull()) return std::optional<std::uint64_t>();
  BOOST_OUTCOME_TRY(const std::uint64_t count, ReadCount(value, path));
  return std::optional<std::uint64_t>(count);
}

Checked<double> ReadNumber(const JsonValue& value, const JsonPath& path) {
  if (value.IsNumber()) return value.GetDouble();
  return WrongType(path, "a number");
}

Checked<std::string> ReadString(const JsonValue& value, const JsonPath& path) {
  if (value.IsString()) return std::string(value.GetString(), value.GetStringLength());
  return WrongType(path, "a string");
}

Checked<std::string> ReadHexId(const JsonValue& value, const JsonPath& path) {
  BOOST_OUTCOME_TRY(std::string id, ReadString(value, path));
  if (!IsHexId(id)) {
    return FieldErrorAt(ErrorCode::kCirronInvalidId, path, "an id is 32 lower-case hex digits");
  }
  return id;
}

Checked<std::optional<std::string>> ReadNullableHexId(const JsonValue& value,
                                                      const JsonPath& path) {
  if (value.IsNull()) return std::optional<std::string>();
  BOOST_OUTCOME_TRY(std::string id, ReadHexId(value, path));
  return std::optional<std::string>(std::move(id));
}

Checked<std::string> ReadObjectJson(const JsonValue& value, const JsonPath& path) {
  if (!value.IsObject()) return WrongType(path, "an object");
  return CompactJson(value);
}

std::string CompactJson(const JsonValue& value) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>,
                    rapidjson::CrtAllocator, rapidjson::kWriteNanAndInfFlag>
      writer(buffer);
  value.Accept(writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace tracedoc::cirron
