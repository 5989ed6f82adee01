// Unique ids across a spool (docs/cirron-spool.md, "References").
#include "cirron/id_registry.hpp"

namespace tracedoc::cirron {

Checked<void> IdRegistry::Insert(Table& table, const std::string& id, Where where,
                                 const std::vector<std::string>& file_names) {
  const auto [it, inserted] = table.try_emplace(id, where);
  if (inserted) return boost::outcome_v2::success();
  return FieldErrorAt(ErrorCode::kCirronDuplicateId, where.path.Key("id"),
                      "id " + id + " already given at " + file_names[it->second.batch] + " " +
                          it->second.path.Key("id").ToString());
}

Checked<void> IdRegistry::Add(const CirronBatch& batch, std::size_t batch_index,
                              const std::vector<std::string>& file_names) {
  for (std::size_t i = 0; i < batch.spans.size(); ++i) {
    BOOST_OUTCOME_TRY(Insert(spans_, batch.spans[i].id,
                             Where{batch_index, JsonPath().Key("spans").Index(i)}, file_names));
  }
  for (std::size_t i = 0; i < batch.marks.size(); ++i) {
    BOOST_OUTCOME_TRY(Insert(marks_, batch.marks[i].id,
                             Where{batch_index, JsonPath().Key("marks").Index(i)}, file_names));
  }
  for (std::size_t i = 0; i < batch.snapshots.size(); ++i) {
    BOOST_OUTCOME_TRY(Insert(snapshots_, batch.snapshots[i].id,
                             Where{batch_index, JsonPath().Key("snapshots").Index(i)}, file_names));
  }
  return boost::outcome_v2::success();
}

}  // namespace tracedoc::cirron
