// A struct written as a JSON object from its Boost.Describe description: the described members
// in the order the description lists them, each under its own name. Most output structs are
// "every member, in order" (the memory, summary, diff and run-summary JSON); one writer serves
// them all, so an output's keys are one list in one place, next to the code that needs more.
#pragma once

#include <boost/describe/members.hpp>
#include <boost/mp11/algorithm.hpp>

#include <optional>
#include <ranges>
#include <string_view>
#include <type_traits>

#include "emit/json_emitter.hpp"

namespace tracedoc::emit {

/// What an empty std::optional member becomes.
enum class AbsentMember { kNull, kOmitted };

template <class T>
void EmitDescribedObject(JsonEmitter& json, const T& object,
                         AbsentMember absent = AbsentMember::kNull);

namespace described_detail {

template <class T>
inline constexpr bool kIsOptional = false;
template <class T>
inline constexpr bool kIsOptional<std::optional<T>> = true;

// A type with its own JSON: an `EmitJsonValue(JsonEmitter&, const T&)` declared beside it.
template <class T>
concept HasOwnJson = requires(JsonEmitter& json, const T& value) { EmitJsonValue(json, value); };

// A value by its type: its own JSON where it has one, else bool, double, unsigned integers,
// enums (by their EnumName), strings, optionals (null when empty), described structs (an
// object), ranges (an array).
template <class T>
void EmitValue(JsonEmitter& json, const T& value, AbsentMember absent) {
  if constexpr (HasOwnJson<T>) {
    EmitJsonValue(json, value);
  } else if constexpr (std::is_same_v<T, bool>) {
    json.Bool(value);
  } else if constexpr (std::is_same_v<T, double>) {
    json.Double(value);
  } else if constexpr (std::is_unsigned_v<T>) {
    json.U64(value);
  } else if constexpr (std::is_enum_v<T>) {
    json.String(EnumName(value));
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    json.String(value);
  } else if constexpr (kIsOptional<T>) {
    if (value) {
      EmitValue(json, *value, absent);
    } else {
      json.Null();
    }
  } else if constexpr (boost::describe::has_describe_members<T>::value) {
    EmitDescribedObject(json, value, absent);
  } else {
    static_assert(std::ranges::range<T>, "no JSON for this member's type");
    json.BeginArray();
    for (const auto& item : value) EmitValue(json, item, absent);
    json.EndArray();
  }
}

}  // namespace described_detail

/// Writes T's described public members, as `"name":value` pairs, into the object being written.
template <class T>
void EmitDescribedMembers(JsonEmitter& json, const T& object,
                          AbsentMember absent = AbsentMember::kNull) {
  using Members = boost::describe::describe_members<T, boost::describe::mod_public>;
  boost::mp11::mp_for_each<Members>([&](auto member) {
    const auto& value = object.*member.pointer;
    if constexpr (described_detail::kIsOptional<std::remove_cvref_t<decltype(value)>>) {
      if (!value && absent == AbsentMember::kOmitted) return;
    }
    json.Key(member.name);
    described_detail::EmitValue(json, value, absent);
  });
}

/// Any value the described members may hold (a list of described structs, an optional one).
template <class T>
void EmitDescribedValue(JsonEmitter& json, const T& value,
                        AbsentMember absent = AbsentMember::kNull) {
  described_detail::EmitValue(json, value, absent);
}

/// `{` T's described members `}`.
template <class T>
void EmitDescribedObject(JsonEmitter& json, const T& object, AbsentMember absent) {
  json.BeginObject();
  EmitDescribedMembers(json, object, absent);
  json.EndObject();
}

}  // namespace tracedoc::emit
