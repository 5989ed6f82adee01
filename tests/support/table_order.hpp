// The test generators' keys in the order of the reader's field tables (src/cirron/record_tables,
// src/traceml/stream_tables): a generator writes a record's members as it likes, then puts them
// in the table's order, so the column order is written in one place. A generator that writes a
// key its table does not have, or leaves out one the table requires, stops at once: a table and
// a generator cannot drift apart unseen. The values stay the generator's own (Python's layout),
// so the reader is still checked against text it did not write.
#ifndef TRACEDOC_TESTS_SUPPORT_TABLE_ORDER_HPP_
#define TRACEDOC_TESTS_SUPPORT_TABLE_ORDER_HPP_

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "format/record_fields.hpp"

namespace tracedoc::testing_support {

/// One member of a generated object: its key, its value as JSON text, and whether it is one of
/// the record's unknown members (kept after the table's, in the order written).
struct GeneratedMember {
  std::string key;
  std::string json;
  bool unknown = false;
};

class TableOrder {
 public:
  template <class Record>
  explicit TableOrder(std::span<const format::FieldSpec<Record>> fields) {
    for (const format::FieldSpec<Record>& field : fields) {
      keys_.push_back(field.name);
      required_.push_back(field.presence == format::Presence::kRequired);
    }
  }

  /// `members` in the table's order, unknown members last as written. Aborts, naming the key,
  /// when a known member is not in the table or a required key of the table is missing.
  void Sort(std::vector<GeneratedMember>& members) const {
    std::vector<bool> written(keys_.size(), false);
    for (const GeneratedMember& member : members) {
      if (member.unknown) continue;
      const std::size_t at = IndexOf(member.key);
      if (at == keys_.size()) Stop("a key the reader's table does not have", member.key);
      written[at] = true;
    }
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      if (required_[i] && !written[i]) Stop("a required key left out", keys_[i]);
    }
    std::stable_sort(members.begin(), members.end(),
                     [this](const GeneratedMember& a, const GeneratedMember& b) {
                       return Rank(a) < Rank(b);
                     });
  }

 private:
  std::size_t IndexOf(std::string_view key) const {
    return static_cast<std::size_t>(std::find(keys_.begin(), keys_.end(), key) - keys_.begin());
  }
  std::size_t Rank(const GeneratedMember& member) const {
    return member.unknown ? keys_.size() : IndexOf(member.key);
  }
  [[noreturn]] static void Stop(const char* what, std::string_view key) {
    std::fprintf(stderr, "test generator: %s: \"%.*s\"\n", what, static_cast<int>(key.size()),
                 key.data());
    std::abort();
  }

  std::vector<std::string_view> keys_;
  std::vector<bool> required_;
};

}  // namespace tracedoc::testing_support

#endif  // TRACEDOC_TESTS_SUPPORT_TABLE_ORDER_HPP_
