// The record-level mutations of one valid line: every member removed, every value replaced by
// a value of each other JSON type, every string respelled, every number replaced by the
// literals at the edges of u64, and an unknown member added to every object.
#ifndef TRACEDOC_TESTS_SCHEMA_RECORD_MUTATIONS_HPP_
#define TRACEDOC_TESTS_SCHEMA_RECORD_MUTATIONS_HPP_

#include <string>
#include <string_view>
#include <vector>

#include "tracedoc/error.hpp"

namespace tracedoc::schema_test {

enum class MutationKind {
  kRemove,
  kWrongType,
  kRespell,
  kNumber,
  kAddUnknownMember,
};

struct Mutation {
  MutationKind kind;
  /// The mutated value in the decoder's field-path form: `capture_contract.operations`,
  /// `shape[0]`; for kAddUnknownMember the object that gained it (empty: the record).
  std::string field;
  /// What was done: `remove`, `null`, `true`, `7`, `"x"`, `[]`, `{}`, `unknown spelling`,
  /// `miscased`, or the number literal written (`-0`, `1.0`, ...).
  std::string label;
  std::string line;
  /// The decoder's code when it rejects the line. Removing a member can only be missing_field,
  /// a value of the wrong JSON type invalid_type, a respelled string invalid_value
  /// (unknown_kind for `kind`), a negative or too large integer out_of_range, a float literal
  /// invalid_type. Unused for kAddUnknownMember, which both sides must accept.
  ErrorCode code_if_rejected;
};

std::string_view MutationKindName(MutationKind kind);

/// Every mutation of `valid_line`, a JSON object, in document order.
std::vector<Mutation> MutationsOf(std::string_view valid_line);

}  // namespace tracedoc::schema_test

#endif  // TRACEDOC_TESTS_SCHEMA_RECORD_MUTATIONS_HPP_
