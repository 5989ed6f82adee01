// One of the JSON Schemas of schemas/, loaded into RapidJSON's draft-04 validator, and the
// verdict it gives on one trace line. The tests' only RapidJSON-facing piece besides mutations.
#ifndef TRACEDOC_TESTS_SCHEMA_LINE_SCHEMA_HPP_
#define TRACEDOC_TESTS_SCHEMA_LINE_SCHEMA_HPP_

#include <memory>
#include <string>
#include <string_view>

namespace tracedoc::schema_test {

/// The schema revisions, named as their files in schemas/ are.
enum class Revision { kTrace10, kTrace9 };

/// `candle-graph/trace/10` or `candle-graph/trace/9`.
std::string_view RevisionSchemaString(Revision revision);

/// What the validator says about one line.
struct SchemaVerdict {
  /// False when RapidJSON could not parse the line (then `valid` is false too).
  bool parsed = false;
  bool valid = false;
  /// For a rejection: the schema pointer, the keyword and the instance pointer that failed.
  std::string reason;
};

/// A schema file of schemas/, loaded once. Validation does not change it.
class LineSchema {
 public:
  /// Loads schemas/candle-graph-trace-{10,9}.schema.json; aborts the test binary when the file
  /// is missing or not JSON, since every test depends on it.
  explicit LineSchema(Revision revision);
  ~LineSchema();
  LineSchema(const LineSchema&) = delete;
  LineSchema& operator=(const LineSchema&) = delete;

  SchemaVerdict Check(std::string_view line) const;

  /// Checks `json` against one entry of the file's `definitions` (one without `$ref`, such
  /// as `u64`), so a test can see which keyword rejects a value.
  SchemaVerdict CheckDefinition(std::string_view definition, std::string_view json) const;

 private:
  struct Loaded;
  std::unique_ptr<Loaded> loaded_;
};

/// The schema of `revision`, loaded on first use and kept for the test binary's lifetime.
const LineSchema& SchemaFor(Revision revision);

}  // namespace tracedoc::schema_test

#endif  // TRACEDOC_TESTS_SCHEMA_LINE_SCHEMA_HPP_
