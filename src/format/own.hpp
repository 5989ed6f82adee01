// Deep copies of records into a document's storage: strings interned, arrays copied into its
// arena. A decoded Event refers to the decoder's buffers; after Own it refers to the pool's.
#pragma once

#include <optional>
#include <string_view>
#include <type_traits>

#include "tracedoc/event.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::format {

template <class T>
requires(std::is_arithmetic_v<T> || std::is_enum_v<T>) void Own(util::StringPool&, T&) {}

inline void Own(util::StringPool& pool, std::string_view& s) { s = pool.Intern(s); }

inline void Own(util::StringPool& pool, UnknownFields& fields) {
  if (fields.empty()) return;
  fields = UnknownFields(pool.arena().CopyString(fields.encoded()), fields.size());
}

inline void Own(util::StringPool& pool, Tag& tag) {
  tag.key = pool.Intern(tag.key);
  tag.value = pool.Intern(tag.value);
}

// The nested objects; defined with the field tables in record_fields.cpp.
void Own(util::StringPool& pool, CaptureContract& value);
void Own(util::StringPool& pool, GradientContract& value);
void Own(util::StringPool& pool, ExpectedGradient& value);
void Own(util::StringPool& pool, GradientFamilyContract& value);
void Own(util::StringPool& pool, ComparisonIdentity& value);

template <class T>
void Own(util::StringPool& pool, std::optional<T>& value) {
  if (value.has_value()) Own(pool, *value);
}

template <class T>
void Own(util::StringPool& pool, ArrayView<T>& values) {
  if (values.empty()) return;
  T* copy = pool.arena().Copy(values.data(), values.size());
  if constexpr (!std::is_arithmetic_v<T>) {
    for (std::size_t i = 0; i < values.size(); ++i) Own(pool, copy[i]);
  }
  values = ArrayView<T>(copy, values.size());
}

}  // namespace tracedoc::format
