// The format corpus (issue 26): Cirron spools and TraceML exports from fixed seeds, valid ones
// and single-fault mutations of them, one or more for each rule of docs/cirron-spool.md and
// docs/traceml-export.md, at different places (first or later batch, record and line, nested
// fields, one-line and indent=2 batch files). tests/formats/expected_verdicts.tsv holds what
// `tracedoc validate --json` said about each case before the readers were rewritten.
#ifndef TRACEDOC_TESTS_FORMATS_FORMAT_CORPUS_HPP_
#define TRACEDOC_TESTS_FORMATS_FORMAT_CORPUS_HPP_

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace tracedoc::formats {

/// One file of a case, its path relative to the case's directory.
struct CorpusFile {
  std::string path;
  std::string bytes;
};

/// A case's files and the input argument that names them.
struct CaseContent {
  /// Relative to the case's directory (which validate runs in).
  std::string input;
  std::vector<CorpusFile> files;
  /// Directories made even when no file is in them (an empty spool).
  std::vector<std::string> directories;
};

struct FormatCase {
  /// Stable and unique: `FORMAT/RULE/WHERE`, segments of [a-z0-9_] joined by `/`, where RULE is
  /// the error code the docs promise, `ok`, `warn_…`, `finding`, `edge` (the docs are silent) or
  /// `first_error` (two faults, one reported).
  std::string name;
  /// What `validate --json` is given before the input: `--from cirron`, `--from traceml`,
  /// `--from traceml --strict`.
  std::vector<std::string> flags;
  /// Builds the case's content. Only the cases run are built: a test process runs one.
  std::function<CaseContent()> build;
};

/// Every case: the Cirron spools, then the TraceML exports, then the committed examples and
/// golden inputs of both formats read from `source_dir` (the repository). Deterministic: the
/// same cases, bytes included, on every call and every machine.
std::vector<FormatCase> FormatCorpus(const std::filesystem::path& source_dir);

std::vector<FormatCase> CirronSpoolCorpus();
std::vector<FormatCase> TraceMLExportCorpus();
std::vector<FormatCase> CommittedInputCorpus(const std::filesystem::path& source_dir);

/// The case's name as one path segment and a GoogleTest name: `/` becomes `__`.
std::string FlatCaseName(const std::string& name);

/// Writes the case's directories and files under `directory` (made if needed).
void WriteCaseContent(const CaseContent& content, const std::filesystem::path& directory);

}  // namespace tracedoc::formats

#endif  // TRACEDOC_TESTS_FORMATS_FORMAT_CORPUS_HPP_
