// `tracedoc query FILE... "SQL" [--db OUT.db] [--format ndjson|csv|table]`: the traces loaded into
// the tables of docs/tables.md (a temporary database, or kept in OUT.db), one read-only SQL
// statement run over them, its rows on stdout. Exit 1 when an input does not fold, 2 when one cannot be read, the
// database is refused or the query fails (SQLite's message on stderr).
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/tables_loading.hpp"
#include "tracedoc/sqlite_tables.hpp"

namespace tracedoc::cli {
namespace {

struct QueryArgs {
  // The inputs, then the SQL: one positional list, the SQL its last item.
  std::vector<std::string> positionals;
  LoadOptions load;
  std::string database;
  std::string format = "ndjson";
};

QueryFormat FormatNamed(const std::string& name) {
  if (name == "csv") return QueryFormat::kCsv;
  if (name == "table") return QueryFormat::kTable;
  return QueryFormat::kNdjson;
}

int RunQuery(const QueryArgs& args) {
  const std::string& sql = args.positionals.back();
  const std::vector<std::string> files(args.positionals.begin(), args.positionals.end() - 1);
  if (files.empty() && args.database.empty()) {
    std::cerr << "tracedoc query: give the traces to load before the SQL, or --db DB\n";
    return kExitUsage;
  }
  // Without --db, SQLite's private temporary database (the empty name): its pages stay in
  // memory up to the page cache and go to a file it deletes beyond, so a large load keeps within
  // the memory bound where a database in memory would hold every row.
  std::optional<TablesDatabase> database;
  const int loaded = OpenAndLoadRuns(database, args.database, files, args.load, "query");
  if (loaded != kExitOk) return loaded;
  const Result<void> ran = database->RunQuery(sql, FormatNamed(args.format), std::cout);
  if (!ran && std::cout) {
    std::cerr << "tracedoc query: " << ran.error().message << '\n';
    return kExitUsage;
  }
  return FlushStandardOutput("query") ? kExitOk : kExitUsage;
}

}  // namespace

void AddQueryCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<QueryArgs>();
  CLI::App* command = app.add_subcommand(
      "query", "Load traces as tables (docs/tables.md) and run one read-only SQL query over them");
  command->footer(
      "Example: tracedoc query run.jsonl \"SELECT name, count(*) AS n FROM spans GROUP BY name "
      "ORDER BY n DESC LIMIT 5\"");
  command->add_option("file", args->positionals, "Trace files (- for standard input), then the SQL")
      ->required();
  AddThreadsOption(*command, args->load.threads);
  AddFromOption(*command, args->load.from);
  command->add_option("--db", args->database,
                      "Load into (and query) this SQLite database instead of a temporary one");
  command->add_option("--format", args->format, "Output: ndjson (default), csv or table")
      ->check(CLI::IsMember({"ndjson", "csv", "table"}));
  command->callback([args, &run] { run = [args] { return RunQuery(*args); }; });
}

}  // namespace tracedoc::cli
