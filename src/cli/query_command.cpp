// `tracedoc query FILE... "SQL" [--db OUT.db] [--format ndjson|csv|table] [--timeout SECONDS]
// [--max-value-mib N] [--max-memory-mib N]`: the traces loaded into the tables of docs/tables.md
// (a temporary database, or kept in OUT.db), one read-only SQL statement run over them within
// its limits (docs/tables.md §5.1), its rows on stdout. The SQL is compiled before anything is
// loaded, and OUT.db changes only when the query succeeds. Exit 1 when an input does not fold,
// 2 when one cannot be read, the database is refused, or the query fails, reaches a limit or is
// interrupted (Ctrl-C) (the reason on stderr).
#include <signal.h>

#include <chrono>
#include <cmath>
#include <csignal>
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
  double timeout_seconds = 0;
  std::uint64_t max_value_mib = kDefaultQueryMaxValueBytes >> 20;
  std::uint64_t max_memory_mib = kDefaultQueryMaxMemoryBytes >> 20;
};

// Set by SIGINT while the query runs; the query reads it between steps.
volatile std::sig_atomic_t interrupted = 0;

extern "C" void OnInterrupt(int) { interrupted = 1; }

// Ctrl-C during the query stops the query (it rolls back; the command exits 2) instead of
// killing the process. Once: a second Ctrl-C kills as usual (SA_RESETHAND). Without
// SA_RESTART, a write blocked on a full pipe returns too. An ignored SIGINT (a background job
// of a script) stays ignored.
class InterruptStopsQuery {
 public:
  InterruptStopsQuery() {
    interrupted = 0;
    if (::sigaction(SIGINT, nullptr, &previous_) != 0 || previous_.sa_handler == SIG_IGN) return;
    struct sigaction action {};
    action.sa_handler = OnInterrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    installed_ = ::sigaction(SIGINT, &action, nullptr) == 0;
  }
  InterruptStopsQuery(const InterruptStopsQuery&) = delete;
  InterruptStopsQuery& operator=(const InterruptStopsQuery&) = delete;
  ~InterruptStopsQuery() {
    if (installed_) ::sigaction(SIGINT, &previous_, nullptr);
  }

 private:
  struct sigaction previous_ {};
  bool installed_ = false;
};

QueryLimits LimitsOf(const QueryArgs& args) {
  QueryLimits limits;
  limits.max_value_bytes = args.max_value_mib << 20;
  limits.max_memory_bytes = args.max_memory_mib << 20;
  limits.timeout = std::chrono::milliseconds(
      static_cast<std::int64_t>(std::ceil(args.timeout_seconds * 1000)));
  limits.cancel = &interrupted;
  return limits;
}

int ReportQueryError(const Error& error) {
  PrintCommandError("query", error.message);
  return kExitUsage;
}

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
  const int opened = OpenTablesDatabase(database, args.database, "query");
  if (opened != kExitOk) return opened;
  // Compiled against the schema before any input is read: a typo costs no load.
  if (const Result<void> checked = database->CheckQuery(sql); !checked) {
    return ReportQueryError(checked.error());
  }
  // --db: the load, the indexes and the query in one transaction, committed only when the
  // query succeeds (an early return rolls it back).
  if (!args.database.empty()) {
    if (const Result<void> begun = database->Begin(); !begun) return ReportQueryError(begun.error());
  }
  const int loaded = LoadRunsIndexed(*database, files, args.load, "query");
  if (loaded != kExitOk) return loaded;
  Result<void> ran = boost::outcome_v2::success();
  {
    const InterruptStopsQuery interrupt;
    ran = database->RunQuery(sql, FormatNamed(args.format), std::cout, LimitsOf(args));
  }
  if (!ran) {
    // A failed write to stdout is FlushStandardOutput's to report.
    if (std::cout) return ReportQueryError(ran.error());
    FlushStandardOutput("query");
    return kExitUsage;
  }
  if (!FlushStandardOutput("query")) return kExitUsage;
  if (!args.database.empty()) {
    if (const Result<void> committed = database->Commit(); !committed) {
      return ReportQueryError(committed.error());
    }
  }
  return kExitOk;
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
  command
      ->add_option("--timeout", args->timeout_seconds,
                   "Stop the query after this many seconds (exit 2); 0, the default, is no limit")
      ->check(CLI::Range(0.0, 1e6));
  command
      ->add_option("--max-value-mib", args->max_value_mib,
                   "The longest text or blob the query may make, in MiB (default 16)")
      ->check(CLI::Range(1, 1024));
  command
      ->add_option("--max-memory-mib", args->max_memory_mib,
                   "The most memory SQLite may hold for the query, in MiB (default 256)")
      ->check(CLI::Range(16, 1 << 20));
  command->callback([args, &run] { run = [args] { return RunQuery(*args); }; });
}

}  // namespace tracedoc::cli
