// Typed reads of one JSON value of a batch, each failing with the code of the rule it breaks:
// the value types of the spool format (docs/cirron-spool.md, "Types").
#ifndef TRACEDOC_CIRRON_FIELD_VALUES_HPP_
#define TRACEDOC_CIRRON_FIELD_VALUES_HPP_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "cirron/field_error.hpp"

namespace tracedoc::cirron {

using JsonValue = rapidjson::Value;

/// A non-negative integer literal: invalid_type for any other value (`1.0` included),
/// out_of_range for a negative integer or one above 2^64 - 1.
Checked<std::uint64_t> ReadCount(const JsonValue& value, const JsonPath& path);
/// The same, or null.
Checked<std::optional<std::uint64_t>> ReadNullableCount(const JsonValue& value,
                                                        const JsonPath& path);
/// Any number (NaN and the infinities included): invalid_type otherwise.
Checked<double> ReadNumber(const JsonValue& value, const JsonPath& path);
/// A string: invalid_type otherwise.
Checked<std::string> ReadString(const JsonValue& value, const JsonPath& path);
/// A string of 32 lower-case hex digits: invalid_type for a non-string, cirron_invalid_id.
Checked<std::string> ReadHexId(const JsonValue& value, const JsonPath& path);
/// The same, or null.
Checked<std::optional<std::string>> ReadNullableHexId(const JsonValue& value, const JsonPath& path);
/// An object, as compact JSON text: invalid_type otherwise.
Checked<std::string> ReadObjectJson(const JsonValue& value, const JsonPath& path);

/// An array whose elements `read(element, path[i])` reads: invalid_type for a non-array, else
/// the first element's failure.
template <class Read>
auto ReadArray(const JsonValue& value, const JsonPath& path, Read read)
    -> Checked<std::vector<typename decltype(read(value, path))::value_type>> {
  using Element = typename decltype(read(value, path))::value_type;
  if (!value.IsArray()) return FieldErrorAt(ErrorCode::kInvalidType, path, "expected an array");
  std::vector<Element> elements;
  elements.reserve(value.Size());
  for (rapidjson::SizeType i = 0; i < value.Size(); ++i) {
    BOOST_OUTCOME_TRY(Element element, read(value[i], path.Index(i)));
    elements.push_back(std::move(element));
  }
  return elements;
}

/// Any value as compact JSON text; non-finite numbers as NaN, Infinity, -Infinity.
std::string CompactJson(const JsonValue& value);

}  // namespace tracedoc::cirron

#endif  // TRACEDOC_CIRRON_FIELD_VALUES_HPP_
