// docs/tables.md is generated from the table definitions: the committed page must be exactly
// WriteTablesMarkdown's text. TRACEDOC_UPDATE_GOLDEN=1 rewrites the page instead of comparing
// (`TRACEDOC_UPDATE_GOLDEN=1 ctest -R TablesDoc`).
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "tracedoc/tables.hpp"

namespace tracedoc {
namespace {

const char* const kPage = TRACEDOC_SOURCE_DIR "/docs/tables.md";

TEST(TablesDoc, CommittedPageIsTheGeneratedOne) {
  std::ostringstream generated;
  WriteTablesMarkdown(generated);
  const char* update = std::getenv("TRACEDOC_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(kPage, std::ios::binary) << generated.str();
  }
  std::ifstream in(kPage, std::ios::binary);
  ASSERT_TRUE(in) << kPage;
  std::ostringstream committed;
  committed << in.rdbuf();
  EXPECT_EQ(committed.str(), generated.str())
      << "docs/tables.md is stale: rerun this test with TRACEDOC_UPDATE_GOLDEN=1";
}

TEST(TablesDoc, EveryTableHasRunIdFirstAndUniqueColumnsAndItsKeyColumns) {
  std::set<std::string_view> tables;
  for (const TableDefinition& table : TableDefinitions()) {
    EXPECT_TRUE(tables.insert(table.name).second) << table.name;
    ASSERT_FALSE(table.columns.empty());
    EXPECT_EQ(table.columns[0].name, "run_id") << table.name;
    std::set<std::string_view> columns;
    for (const ColumnDefinition& column : table.columns) {
      EXPECT_TRUE(columns.insert(column.name).second) << table.name << "." << column.name;
      EXPECT_FALSE(column.doc.empty()) << table.name << "." << column.name;
    }
    for (const std::string_view key : table.key) EXPECT_TRUE(columns.contains(key)) << key;
    for (const std::string_view time : table.time_columns) EXPECT_TRUE(columns.contains(time));
  }
  EXPECT_EQ(tables.size(), 14u);
  EXPECT_EQ(FindTable("nope"), nullptr);
  EXPECT_EQ(ColumnTypeName(ColumnType::kUnsigned), "u64");
}

// The names other tools' queries rely on (docs/fleet.md, the DuckDB test).
TEST(TablesDoc, PinnedColumnsExist) {
  const std::pair<std::string_view, std::vector<std::string_view>> pinned[] = {
      {"runs", {"run_id", "total_ns", "max_depth", "source_format", "file_sha256", "tags"}},
      {"spans", {"run_id", "span_id", "parent_id", "name", "path", "depth", "start_ns", "end_ns",
                 "duration_ns", "self_ns", "closed"}},
      {"ops", {"run_id", "seq", "span_id", "op_name", "duration_ns", "timestamp_ns"}},
      {"memory", {"run_id", "seq", "action", "bytes"}},
      {"steps", {"run_id", "rank", "step", "span_id", "start_ns", "duration_ns"}},
  };
  for (const auto& [name, columns] : pinned) {
    const TableDefinition* table = FindTable(name);
    ASSERT_NE(table, nullptr) << name;
    for (const std::string_view column : columns) {
      bool found = false;
      for (const ColumnDefinition& defined : table->columns) found |= defined.name == column;
      EXPECT_TRUE(found) << name << "." << column;
    }
  }
}

}  // namespace
}  // namespace tracedoc
