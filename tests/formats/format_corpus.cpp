// The format corpus as a whole, the committed inputs of both formats, and writing a case out.
#include "formats/format_corpus.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace tracedoc::formats {
namespace {

std::string ReadCommittedFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("format corpus: cannot read " + path.string());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A committed export, read with --from traceml.
FormatCase CommittedExport(const std::filesystem::path& source_dir, const std::string& name,
                           const std::string& path) {
  return FormatCase{
      "golden/traceml/" + name, {"--from", "traceml"}, [source_dir, path] {
        return CaseContent{
            "export.jsonl", {CorpusFile{"export.jsonl", ReadCommittedFile(source_dir / path)}}, {}};
      }};
}

// The example spool, its batches listed by name so that the case is the same on every file
// system.
CaseContent ExampleSpool(const std::filesystem::path& source_dir) {
  CaseContent spool{".cirron", {}, {}};
  const std::filesystem::path spool_dir = source_dir / "examples/cirron/.cirron/spool";
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(spool_dir)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  if (names.empty()) throw std::runtime_error("format corpus: no batch in " + spool_dir.string());
  for (const std::string& name : names) {
    spool.files.push_back(CorpusFile{".cirron/spool/" + name, ReadCommittedFile(spool_dir / name)});
  }
  return spool;
}

}  // namespace

std::vector<FormatCase> CommittedInputCorpus(const std::filesystem::path& source_dir) {
  std::vector<FormatCase> cases;
  cases.push_back(FormatCase{"golden/cirron/example_spool", {"--from", "cirron"}, [source_dir] {
                               return ExampleSpool(source_dir);
                             }});
  cases.push_back(CommittedExport(source_dir, "example_records", "examples/traceml/records.jsonl"));
  for (const char* golden :
       {"100-traceml-example-run", "101-traceml-two-nodes-hostnames",
        "102-traceml-written-records-mismatch", "103-traceml-unknown-field-kept"}) {
    std::string name = golden;
    for (char& c : name) {
      if (c == '-') c = '_';
    }
    cases.push_back(CommittedExport(source_dir, "golden_" + name,
                                    std::string("tests/golden/") + golden + "/input.jsonl"));
  }
  return cases;
}

std::vector<FormatCase> FormatCorpus(const std::filesystem::path& source_dir) {
  std::vector<FormatCase> cases = CirronSpoolCorpus();
  std::vector<FormatCase> exports = TraceMLExportCorpus();
  std::vector<FormatCase> committed = CommittedInputCorpus(source_dir);
  cases.insert(cases.end(), std::make_move_iterator(exports.begin()),
               std::make_move_iterator(exports.end()));
  cases.insert(cases.end(), std::make_move_iterator(committed.begin()),
               std::make_move_iterator(committed.end()));
  return cases;
}

std::string FlatCaseName(const std::string& name) {
  std::string flat;
  for (const char c : name) {
    if (c == '/') {
      flat += "__";
    } else {
      flat += c;
    }
  }
  return flat;
}

void WriteCaseContent(const CaseContent& content, const std::filesystem::path& directory) {
  std::filesystem::create_directories(directory);
  for (const std::string& sub : content.directories) {
    std::filesystem::create_directories(directory / sub);
  }
  for (const CorpusFile& file : content.files) {
    const std::filesystem::path path = directory / file.path;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    out.write(file.bytes.data(), static_cast<std::streamsize>(file.bytes.size()));
    if (!out) throw std::runtime_error("format corpus: cannot write " + path.string());
  }
}

}  // namespace tracedoc::formats
