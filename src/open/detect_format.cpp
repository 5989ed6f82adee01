// DetectFormat (tracedoc/input_format.hpp): a look at the path, and at most the first 1 MiB of
// a file's or standard input's bytes (decompressed when they are gzip or zstd), once; for a
// directory, its first 256 entries and the first 64 KiB of at most 16 of its files.
#include <array>
#include <filesystem>
#include <string>

#include "cirron/batch_file_name.hpp"
#include "json/json_tape.hpp"
#include "open/cirron_batch_signature.hpp"
#include "read/input_access.hpp"
#include "tracedoc/input_format.hpp"
#include "util/enum_names.hpp"

namespace tracedoc {
namespace {

// The most of a file read to recognise an export: its first line is a record or the closing
// line, a few hundred bytes unless its events map is huge.
constexpr std::size_t kMaxProbeBytes = std::size_t{1} << 20;

constexpr std::array<std::string_view, 3> kNames = {"trace", "cirron", "traceml"};

// A directory is judged by this many of its entries, and at most this many of its files are
// opened and their first kDirectoryProbeBytes looked at: a directory of 10^5 other files is
// judged as fast as one of ten (only the entries the listing gives first are looked at).
constexpr std::size_t kMaxProbedEntries = 256;
constexpr std::size_t kMaxProbedFiles = 16;
constexpr std::size_t kDirectoryProbeBytes = std::size_t{64} << 10;

bool IsBatchFileName(std::string_view name) {
  return cirron::ParseBatchFileName(name).has_value();
}

// A regular file whose first `bytes` open a batch's object. A FIFO or a device is not opened: the
// look could block, and the spool reader refuses them anyway.
bool HoldsBatch(const std::filesystem::path& path, std::size_t bytes) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return false;
  Result<read::InputSource> source = read::OpenInputSource(TraceInput::FromFile(path), "batch");
  return source && LooksLikeCirronBatch(source.value().bytes().Peek(bytes));
}

// A directory is a spool when it has a spool/ (a .cirron directory, or the directory the SDK's
// output option names) or a .cirron/spool/ (a run's directory), or holds a batch, or a batch being written (`.json.tmp`): a file named
// as one, or a `*.json` (`*.json.tmp`) file whose first bytes are one, whatever its name. Any
// other directory stays an unreadable trace.
bool LooksLikeSpool(const std::filesystem::path& directory) {
  std::error_code error;
  if (std::filesystem::is_directory(directory / "spool", error) ||
      std::filesystem::is_directory(directory / ".cirron" / "spool", error)) {
    return true;
  }
  std::size_t entries = 0;
  std::size_t files = 0;
  for (std::filesystem::directory_iterator it(directory, error), end;
       !error && it != end && entries < kMaxProbedEntries; it.increment(error), ++entries) {
    std::string name = it->path().filename().string();
    if (cirron::IsTemporaryBatchFile(name)) name.resize(name.size() - 4);
    if (IsBatchFileName(name)) return true;
    if (name.ends_with(".json") && files < kMaxProbedFiles) {
      ++files;
      if (HoldsBatch(it->path(), kDirectoryProbeBytes)) return true;
    }
  }
  return false;
}

bool IsBlankLine(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

// The first non-blank line of `head`; `complete` when it ends within it (or `head` is all).
std::string_view FirstNonBlankLine(std::string_view head, bool whole, bool& complete) {
  while (!head.empty()) {
    const std::size_t end = head.find('\n');
    const std::string_view line = head.substr(0, end);
    if (!IsBlankLine(line)) {
      complete = end != std::string_view::npos || whole;
      return line;
    }
    if (end == std::string_view::npos) break;
    head.remove_prefix(end + 1);
  }
  return {};
}

// A first line longer than the probe (a huge events map) is an export when it opens with the
// member `"stream"`, as every record does.
bool OpensWithStreamMember(std::string_view line) {
  const auto skip_space = [&line] {
    while (!line.empty() && (line[0] == ' ' || line[0] == '\t' || line[0] == '\r')) {
      line.remove_prefix(1);
    }
  };
  skip_space();
  if (line.empty() || line[0] != '{') return false;
  line.remove_prefix(1);
  skip_space();
  constexpr std::string_view kKey = "\"stream\"";
  if (line.substr(0, kKey.size()) != kKey) return false;
  line.remove_prefix(kKey.size());
  skip_space();
  return !line.empty() && line[0] == ':';
}

bool HasKey(const json::Tape& tape, std::string_view key) {
  const json::Node& object = tape.node(0);
  std::uint32_t key_node = 1;
  for (std::uint32_t m = 0; m < object.count; ++m) {
    if (tape.text(tape.node(key_node)) == key) return true;
    key_node = tape.node(key_node + 1).end;
  }
  return false;
}

// A trace's lines start with `kind`, so no trace is taken for an export.
bool LooksLikeExportLine(std::string_view line) {
  json::Tape tape;
  json::ParseOptions options;
  options.max_string_bytes = kMaxProbeBytes;
  if (tape.Parse(line, options).status != json::SyntaxStatus::kOk) return false;
  const json::Node& object = tape.node(0);
  if (object.type != json::NodeType::kObject || object.count == 0) return false;
  if (tape.text(tape.node(1)) == "stream") return true;
  return !HasKey(tape, "stream") && HasKey(tape, "written_records") &&
         HasKey(tape, "dropped_batches");
}

bool LooksLikeExport(std::string_view head, bool whole) {
  bool complete = false;
  const std::string_view line = FirstNonBlankLine(head, whole, complete);
  if (line.empty()) return false;
  return complete ? LooksLikeExportLine(line) : OpensWithStreamMember(line);
}

// The format of an input from its first bytes (`whole` when they are all of it): a batch is an
// object with a batch's keys; an export's first line is a record; anything else is a trace.
InputFormat FormatOfHead(std::string_view head, bool whole) {
  if (LooksLikeExport(head, whole)) return InputFormat::kTraceMLExport;
  if (LooksLikeCirronBatch(head)) return InputFormat::kCirronSpool;
  return InputFormat::kTrace;
}

}  // namespace

std::string_view InputFormatName(InputFormat format) noexcept {
  return kNames[static_cast<std::size_t>(format)];
}

std::optional<InputFormat> InputFormatFromName(std::string_view name) noexcept {
  return util::EnumFromNames<InputFormat>(kNames, name);
}

InputFormat DetectFormat(const TraceInput& input) {
  if (InputAccess::kind(input) == InputAccess::kString && !read::NeedsDecoding(InputAccess::text(input))) {
    const std::string_view text = InputAccess::text(input);
    return FormatOfHead(text.substr(0, kMaxProbeBytes), text.size() <= kMaxProbeBytes);
  }
  if (InputAccess::kind(input) == InputAccess::kFile) {
    const std::filesystem::path& path = InputAccess::path(input);
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
      return LooksLikeSpool(path) ? InputFormat::kCirronSpool : InputFormat::kTrace;
    }
    if (IsBatchFileName(path.filename().string())) return InputFormat::kCirronSpool;
    // A FIFO or a device could not be read again by the read that follows.
    if (!std::filesystem::is_regular_file(path, error)) return InputFormat::kTrace;
  }
  // A file is opened anew for the read; standard input keeps what the probe reads for it.
  Result<read::InputSource> source = read::OpenInputSource(input, "input");
  if (!source) return InputFormat::kTrace;
  // One byte past the probe says whether the input goes on, as a string's size does.
  const std::string_view head = source.value().bytes().Peek(kMaxProbeBytes + 1);
  return FormatOfHead(head.substr(0, kMaxProbeBytes), head.size() <= kMaxProbeBytes);
}

}  // namespace tracedoc
