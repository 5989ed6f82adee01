// An object of a batch sorted into the members its record type defines and the unknown ones,
// in one pass: a known key twice is duplicate_key, an unknown key is kept (the format requires
// readers to tolerate them).
#ifndef TRACEDOC_CIRRON_RECORD_MEMBERS_HPP_
#define TRACEDOC_CIRRON_RECORD_MEMBERS_HPP_

#include <array>
#include <cstddef>
#include <string_view>
#include <vector>

#include "cirron/field_values.hpp"
#include "tracedoc/cirron_spool.hpp"

namespace tracedoc::cirron {

/// The members of one object, by the position of their key in the record type's key list.
template <std::size_t N>
class RecordMembers {
 public:
  /// invalid_type (not_an_object at the root) if `object` is not an object; duplicate_key.
  static Checked<RecordMembers> Collect(const JsonValue& object,
                                        const std::array<std::string_view, N>& keys,
                                        const JsonPath& path,
                                        std::vector<CirronUnknownKey>& unknown) {
    if (!object.IsObject()) {
      return FieldErrorAt(path.depth() == 0 ? ErrorCode::kNotAnObject : ErrorCode::kInvalidType,
                          path, "expected an object");
    }
    RecordMembers members(keys, path);
    for (const auto& member : object.GetObject()) {
      const std::string_view key(member.name.GetString(), member.name.GetStringLength());
      std::size_t slot = 0;
      while (slot < N && keys[slot] != key) ++slot;
      if (slot == N) {
        unknown.push_back(CirronUnknownKey{std::string(key), CompactJson(member.value)});
      } else if (members.values_[slot] != nullptr) {
        return FieldErrorAt(ErrorCode::kDuplicateKey, path.Key(keys[slot]), "a key given twice");
      } else {
        members.values_[slot] = &member.value;
      }
    }
    return members;
  }

  /// The value of keys[slot]; missing_field when absent.
  Checked<const JsonValue*> Required(std::size_t slot) const {
    if (values_[slot] == nullptr) {
      return FieldErrorAt(ErrorCode::kMissingField, PathOf(slot), "a required key is absent");
    }
    return values_[slot];
  }
  /// The path of keys[slot] within the record.
  JsonPath PathOf(std::size_t slot) const { return path_.Key((*keys_)[slot]); }

  /// Reads keys[slot], required, with `read(value, path)`.
  template <class Read>
  auto Get(std::size_t slot, Read read) const
      -> decltype(read(std::declval<const JsonValue&>(), std::declval<const JsonPath&>())) {
    BOOST_OUTCOME_TRY(const JsonValue* value, Required(slot));
    return read(*value, PathOf(slot));
  }

 private:
  RecordMembers(const std::array<std::string_view, N>& keys, const JsonPath& path)
      : keys_(&keys), path_(path) {}

  const std::array<std::string_view, N>* keys_;
  JsonPath path_;
  std::array<const JsonValue*, N> values_{};
};

}  // namespace tracedoc::cirron

#endif  // TRACEDOC_CIRRON_RECORD_MEMBERS_HPP_
