#include "cli/tables_loading.hpp"

#include <filesystem>
#include <future>
#include <iostream>
#include <optional>
#include <string>
#include <utility>

#include <boost/unordered/unordered_flat_map.hpp>

#include "cli/commands.hpp"
#include "tracedoc/tables.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::cli {

int LoadRuns(const RunWriter& write, const std::vector<std::string>& files,
             const LoadOptions& options, std::string_view command) {
  // run_id → the file it came from in this call: a second input with the same run_id would
  // silently replace the first, so it is refused instead. Keyed by input strings: seeded.
  boost::unordered_flat_map<std::string, std::string, util::SeededHash, std::equal_to<>> loaded;
  for (const std::string& file : files) {
    const InputFormat format = FormatOf(InputNamed(file), options.from);
    // The file is hashed on a thread of its own while it is read: a second pass over the
    // bytes that need not add to the time.
    std::error_code ignored;
    std::future<Result<std::string>> digest;
    if (file != "-" && std::filesystem::is_regular_file(file, ignored)) {
      digest = std::async(std::launch::async, [&file] { return FileSha256(file); });
    }
    // Every session of a spool is a run (docs/cirron-conversion.md, "Sessions").
    // The input is looked at once: the read is told what it is.
    const Result<std::vector<SessionDocument>> runs =
        ReadEveryRun({.file = file,
                      .threads = options.threads,
                      .from = std::string(InputFormatName(format)),
                      .session = {}});
    if (!runs) return ReportReadError(file, runs.error());
    std::optional<std::string> sha256;
    if (digest.valid()) {
      const Result<std::string> hashed = digest.get();
      if (!hashed) return ReportReadError(file, hashed.error());
      sha256 = hashed.value();
    }
    const RunSource source{file, sha256 ? std::optional<std::string_view>(*sha256) : std::nullopt,
                           format};
    for (const SessionDocument& run : runs.value()) {
      const std::string run_id(run.document.run().run_id);
      const auto [earlier, inserted] = loaded.try_emplace(run_id, file);
      if (!inserted) {
        PrintCommandError(command, file + " has the run_id \"" + run_id + "\" of " +
                                       earlier->second +
                                       ", given before it: a run is its run_id, so one call "
                                       "takes it once");
        return kExitUsage;
      }
      const Result<void> added = write(run.document, source);
      if (!added) {
        PrintCommandError(command, added.error().message);
        return kExitUsage;
      }
    }
  }
  return kExitOk;
}

int OpenTablesDatabase(std::optional<TablesDatabase>& database, const std::string& path,
                       std::string_view command) {
  Result<TablesDatabase> opened = TablesDatabase::Open(path);
  if (!opened) {
    PrintCommandError(command, opened.error().message);
    return kExitUsage;
  }
  database.emplace(std::move(opened).value());
  return kExitOk;
}

int LoadRunsIndexed(TablesDatabase& database, const std::vector<std::string>& files,
                    const LoadOptions& options, std::string_view command) {
  const int loaded = LoadRuns(
      [&database](const TraceDocument& document, const RunSource& source) {
        return database.AddRun(document, source);
      },
      files, options, command);
  if (loaded != kExitOk) return loaded;
  const Result<void> indexed = database.BuildIndexes();
  if (indexed) return kExitOk;
  PrintCommandError(command, indexed.error().message);
  return kExitUsage;
}

int OpenAndLoadRuns(std::optional<TablesDatabase>& database, const std::string& path,
                    const std::vector<std::string>& files, const LoadOptions& options,
                    std::string_view command) {
  const int opened = OpenTablesDatabase(database, path, command);
  if (opened != kExitOk) return opened;
  return LoadRunsIndexed(*database, files, options, command);
}

}  // namespace tracedoc::cli
