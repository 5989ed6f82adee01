// marks[] of a batch (docs/cirron-spool.md, "marks").
#include "cirron/hex_id.hpp"
#include "cirron/record_members.hpp"
#include "cirron/record_readers.hpp"

namespace tracedoc::cirron {
namespace {

enum Slot : std::size_t {
  kId,
  kSpanId,
  kName,
  kValueType,
  kValue,
  kAttrs,
  kTsNs,
  kKind,
  kSlotCount
};
constexpr std::array<std::string_view, kSlotCount> kKeys = {
    "id", "span_id", "name", "value_type", "value", "attrs", "ts_ns", "kind"};

// Marks made outside a profiled session attach to this sentinel instead of a span.
constexpr std::string_view kRootSpanId = "root";

Checked<std::string> ReadMarkSpanId(const JsonValue& value, const JsonPath& path) {
  BOOST_OUTCOME_TRY(std::string id, ReadString(value, path));
  if (id != kRootSpanId && !IsHexId(id)) {
    return FieldErrorAt(ErrorCode::kCirronInvalidId, path,
                        "a mark's span_id is 32 lower-case hex digits or \"root\"");
  }
  return id;
}

Checked<CirronMarkKind> ReadKind(const JsonValue& value, const JsonPath& path) {
  BOOST_OUTCOME_TRY(const std::string kind, ReadString(value, path));
  if (kind == "point") return CirronMarkKind::kPoint;
  if (kind == "summary") return CirronMarkKind::kSummary;
  return FieldErrorAt(ErrorCode::kInvalidValue, path, "kind is \"point\" or \"summary\"");
}

FieldError Mismatch(const JsonPath& path, std::string_view type) {
  return FieldErrorAt(ErrorCode::kCirronValueTypeMismatch, path,
                      "value is not of value_type \"" + std::string(type) + "\"");
}

// The value for its value_type: float takes any number (a bare NaN or Infinity included), int
// an integer literal within 64 bits, string a string, bool true or false.
Checked<CirronMarkValue> ReadValue(const JsonValue& value, std::string_view type,
                                   const JsonPath& path) {
  if (type == "float") {
    if (!value.IsNumber()) return Mismatch(path, type);
    return CirronMarkValue(value.GetDouble());
  }
  if (type == "int") {
    if (!value.IsInt64()) {
      if (value.IsUint64()) {
        return FieldErrorAt(ErrorCode::kOutOfRange, path, "an int value above 2^63 - 1");
      }
      return Mismatch(path, type);
    }
    return CirronMarkValue(std::int64_t{value.GetInt64()});
  }
  if (type == "string") {
    if (!value.IsString()) return Mismatch(path, type);
    return CirronMarkValue(std::string(value.GetString(), value.GetStringLength()));
  }
  if (!value.IsBool()) return Mismatch(path, type);
  return CirronMarkValue(value.GetBool());
}

}  // namespace

Checked<CirronMark> ReadMark(const JsonValue& value, const JsonPath& path) {
  CirronMark mark;
  BOOST_OUTCOME_TRY(const auto members,
                    RecordMembers<kSlotCount>::Collect(value, kKeys, path, mark.unknown));
  BOOST_OUTCOME_TRY(mark.id, members.Get(kId, ReadHexId));
  BOOST_OUTCOME_TRY(mark.span_id, members.Get(kSpanId, ReadMarkSpanId));
  BOOST_OUTCOME_TRY(mark.name, members.Get(kName, ReadString));
  BOOST_OUTCOME_TRY(const std::string type, members.Get(kValueType, ReadString));
  if (type != "float" && type != "int" && type != "string" && type != "bool") {
    return FieldErrorAt(ErrorCode::kInvalidValue, members.PathOf(kValueType),
                        "value_type is \"float\", \"int\", \"string\" or \"bool\"");
  }
  BOOST_OUTCOME_TRY(const JsonValue* raw, members.Required(kValue));
  BOOST_OUTCOME_TRY(mark.value, ReadValue(*raw, type, members.PathOf(kValue)));
  BOOST_OUTCOME_TRY(mark.attrs_json, members.Get(kAttrs, ReadObjectJson));
  BOOST_OUTCOME_TRY(mark.ts_ns, members.Get(kTsNs, ReadCount));
  BOOST_OUTCOME_TRY(mark.kind, members.Get(kKind, ReadKind));
  return mark;
}

}  // namespace tracedoc::cirron
