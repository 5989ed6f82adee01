// The NDJSON tables directory: its manifest, the check that a directory may take tracedoc's tables
// (exports of many machines into one directory must agree on the schema, and `-o ~` must not
// scatter table folders into a home directory), and one run's partition of every table: a
// TableRowSink writing each table's rows to its own part file through the JSON emitter, all
// files renamed into place once the run is complete.
#include "tracedoc/ndjson_tables.hpp"

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "emit/json_emitter.hpp"
#include "tables/ndjson_row.hpp"
#include "tables/partition_name.hpp"
#include "tracedoc/output_file.hpp"

namespace tracedoc {
namespace {

namespace fs = std::filesystem;

Error PathError(const fs::path& path, const std::string& what) {
  return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {},
               "cannot write " + path.string() + ": " + what};
}

// The manifest's first bytes beyond `bound`: enough to tell ours from another's.
std::string ReadAtMost(const fs::path& path, std::size_t bound) {
  std::ifstream in(path, std::ios::binary);
  std::string text(bound, '\0');
  in.read(text.data(), static_cast<std::streamsize>(bound));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

// The number after `"schema_version":` in a manifest, for the message; "unknown" without one.
std::string SchemaVersionIn(const std::string& manifest) {
  constexpr std::string_view kKey = "\"schema_version\":";
  const std::size_t at = manifest.find(kKey);
  if (at == std::string::npos) return "unknown";
  const std::size_t start = at + kKey.size();
  std::size_t end = start;
  while (end < manifest.size() && end - start < 10 && manifest[end] >= '0' && manifest[end] <= '9') {
    ++end;
  }
  return end == start ? "unknown" : manifest.substr(start, end - start);
}

// `path` made (its parent exists) or found as a directory of its own: a link planted in the
// tables directory could send a run's rows anywhere, so it is refused, never followed.
Result<void> RealDirectory(const fs::path& path) {
  std::error_code error;
  fs::create_directory(path, error);
  if (error) return PathError(path, error.message());
  const fs::file_status status = fs::symlink_status(path, error);
  if (fs::is_symlink(status)) return PathError(path, "it is a link (never followed)");
  if (!fs::is_directory(status)) return PathError(path, "it is not a directory");
  return boost::outcome_v2::success();
}

// Removes the temporaries OutputFile leaves beside `file` when its process is killed before it
// commits (`.<name>.XXXXXX`): nothing else removes them. Only regular files, never through a
// link; another export writing the same run at the same moment loses its temporary and fails.
void RemoveStaleTemporaries(const fs::path& file) {
  const std::string prefix = "." + file.filename().string() + ".";
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(file.parent_path(), error)) {
    const std::string name = entry.path().filename().string();
    if (name.size() != prefix.size() + 6 || !name.starts_with(prefix)) continue;
    std::error_code ignored;
    if (entry.is_regular_file(ignored) && !entry.is_symlink(ignored)) fs::remove(entry, ignored);
  }
}

class PartitionSink final : public TableRowSink {
 public:
  PartitionSink(fs::path dir, std::string partition)
      : dir_(std::move(dir)), partition_(std::move(partition)) {}

  Result<void> BeginTable(const TableDefinition& table) override {
    const fs::path table_dir = dir_ / table.name;
    const fs::path partition_dir = table_dir / partition_;
    if (Result<void> made = RealDirectory(table_dir); !made) return made;
    if (Result<void> made = RealDirectory(partition_dir); !made) return made;
    const fs::path file = partition_dir / "part-0.ndjson";
    RemoveStaleTemporaries(file);
    std::error_code error;
    // OutputFile would replace a link's target: here a link is someone else's.
    if (fs::is_symlink(fs::symlink_status(file, error))) {
      return PathError(file, "it is a link (never followed)");
    }
    Result<OutputFile> out = OutputFile::Open(file);
    if (!out) return out.error();
    files_.push_back(std::move(out).value());
    columns_ = table.columns;
    std::ostream& stream = files_.back().stream();
    sink_.emplace(
        [this, &stream](std::string_view chunk) {
          stream.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
          written_.bytes += chunk.size();
        },
        false);
    json_.emplace(*sink_);
    return boost::outcome_v2::success();
  }

  Result<void> Row(std::span<const TableValue> values) override {
    tables::EmitNdjsonRow(*json_, columns_, values);
    ++written_.rows;
    return boost::outcome_v2::success();
  }

  Result<void> EndTable(const TableDefinition&) override {
    json_.reset();
    sink_->Finish();
    sink_.reset();
    return boost::outcome_v2::success();
  }

  // Renames every file into place, in table order; the first failure stops (the files not yet
  // renamed are removed, so the run's earlier ones stay).
  Result<NdjsonTablesWritten> Commit() && {
    for (OutputFile& file : files_) {
      if (Result<void> committed = std::move(file).Commit(); !committed) return committed.error();
    }
    written_.partition = partition_;
    return std::move(written_);
  }

 private:
  fs::path dir_;
  std::string partition_;
  std::vector<OutputFile> files_;
  std::span<const ColumnDefinition> columns_;
  std::optional<emit::JsonSink> sink_;
  std::optional<emit::JsonEmitter> json_;
  NdjsonTablesWritten written_;
};

}  // namespace

std::string NdjsonTablesManifest() {
  return emit::EmitJsonString(false, [](emit::JsonEmitter& json) {
    json.BeginObject();
    json.PlainMember("format", "tracedoc-tables");
    json.PlainMember("schema_version", std::uint64_t{kTablesSchemaVersion});
    json.PlainMember("layout", "<table>/run_id=<escaped run_id>/part-0.ndjson");
    json.PlainKey("tables").BeginArray();
    for (const TableDefinition& table : TableDefinitions()) {
      json.BeginObject();
      json.PlainMember("name", table.name);
      json.PlainKey("columns").BeginArray();
      for (const ColumnDefinition& column : table.columns) {
        json.BeginObject();
        json.PlainMember("name", column.name);
        json.PlainMember("type", ColumnTypeName(column.type));
        json.PlainKey("nullable").Bool(column.nullable);
        json.EndObject();
      }
      json.EndArray();
      json.EndObject();
    }
    json.EndArray();
    json.EndObject();
    json.EndLine();
  });
}

Result<void> PrepareNdjsonTables(const fs::path& dir) {
  std::error_code error;
  fs::create_directories(dir, error);
  if (error) return PathError(dir, error.message());
  if (!fs::is_directory(dir, error)) return PathError(dir, "it is not a directory");
  const fs::path manifest_path = dir / kNdjsonTablesManifestName;
  const std::string manifest = NdjsonTablesManifest();
  const fs::file_status status = fs::symlink_status(manifest_path, error);
  if (fs::is_symlink(status)) {
    return PathError(dir, std::string(kNdjsonTablesManifestName) + " is a link");
  }
  if (fs::exists(status)) {
    const std::string found = ReadAtMost(manifest_path, manifest.size() + 1);
    if (found == manifest) return boost::outcome_v2::success();
    return PathError(dir, "it holds tables of schema version " + SchemaVersionIn(found) +
                                   " (its " + std::string(kNdjsonTablesManifestName) +
                                   " is not this tracedoc's, schema version " +
                                   std::to_string(kTablesSchemaVersion) +
                                   "): export into another directory");
  }
  // Hidden files are allowed: another export's temporary manifest, a `.DS_Store`.
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, error)) {
    if (!entry.path().filename().string().starts_with('.')) {
      return PathError(dir, "it holds " + entry.path().filename().string() + " but no " +
                                     std::string(kNdjsonTablesManifestName) +
                                     ": not a tracedoc tables directory");
    }
  }
  if (error) return PathError(dir, error.message());
  Result<OutputFile> out = OutputFile::Open(manifest_path);
  if (!out) return out.error();
  out.value().stream() << manifest;
  return std::move(out.value()).Commit();
}

Result<NdjsonTablesWritten> WriteNdjsonTables(const fs::path& dir, const TraceDocument& document,
                                              const RunSource& source) {
  PartitionSink sink(dir, tables::PartitionDirectoryName(document.run().run_id));
  if (Result<void> emitted = EmitTableRows(document, source, sink); !emitted) {
    return emitted.error();
  }
  return std::move(sink).Commit();
}

}  // namespace tracedoc
