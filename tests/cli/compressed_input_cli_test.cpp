// Standard input and compressed files on the command line (issue 42, items 5 and 6): every
// command reads `x.gz`, `x.zst` and `-` (plain or compressed) as it reads the plain file, for a
// trace and for a TraceML export, recognized by the same bytes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "support/cli_fixture.hpp"
#include "support/compressed.hpp"
#include "support/trace_generator.hpp"
#include "support/traceml_export_generator.hpp"

namespace tracedoc {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// `text` with every JSON string `"name"` replaced by `"NAME"`: outputs that name their input (in
// one pass: a 10^5-event trace's output is megabytes).
std::string WithoutName(std::string_view text, std::string_view name) {
  const std::string quoted = '"' + std::string(name) + '"';
  std::string out;
  out.reserve(text.size());
  std::size_t from = 0;
  for (std::size_t at = text.find(quoted); at != std::string_view::npos;
       at = text.find(quoted, from)) {
    out.append(text.substr(from, at - from));
    out += "\"NAME\"";
    from = at + quoted.size();
  }
  out.append(text.substr(from));
  return out;
}

class CompressedInputCliTest : public testdata::CliFixture {
 protected:
  // `base`, `base.gz` and `base.zst`, all holding `text`.
  void WriteThreeWays(const std::string& base, const std::string& text) {
    WriteFile(base, text);
    WriteFile(base + ".gz", testdata::Gzipped(text));
    WriteFile(base + ".zst", testdata::Zstded(text));
  }

  // The command (ARG stands for the input) run on the plain file, then on each other way to
  // give the same bytes: each run's exit code and output must be the plain run's.
  void ExpectSameEverywhere(const std::string& command, const std::string& base) {
    const auto run = [&](const std::string& input, bool piped, const std::string& piped_file) {
      std::string arguments = command;
      arguments.replace(arguments.find("ARG"), 3, input);
      testdata::RunResult result = piped ? RunPiped(arguments, piped_file) : Run(arguments);
      result.out = WithoutName(result.out, piped ? "-" : input);
      return result;
    };
    const testdata::RunResult plain = run(base, false, "");
    for (const auto& [input, piped, file] :
         std::vector<std::tuple<std::string, bool, std::string>>{{base + ".gz", false, ""},
                                                                 {base + ".zst", false, ""},
                                                                 {"-", true, base},
                                                                 {"-", true, base + ".gz"},
                                                                 {"-", true, base + ".zst"}}) {
      const testdata::RunResult other = run(input, piped, file);
      EXPECT_EQ(other.exit_code, plain.exit_code) << command << " on " << input << " " << file
                                                  << ": " << other.err;
      EXPECT_EQ(other.out, plain.out)
          << command << " on " << input << " " << file;
    }
  }
};

TEST_F(CompressedInputCliTest, EveryCommandReadsATraceCompressedOrThroughAPipe) {
  WriteThreeWays("trace.jsonl", generator::GenerateTrace(3000, 11));
  for (const std::string command :
       {"validate ARG", "cat ARG", "document ARG", "summary ARG", "memory ARG", "health ARG",
        "export --format chrome ARG", "export --format speedscope ARG", "upgrade ARG", "report ARG",
        "diff ARG trace.jsonl", "compare --json --baseline trace.jsonl trace.jsonl --candidate ARG "
        "trace.jsonl",
        "query ARG 'SELECT count(*), sum(duration_ns) FROM ops'"}) {
    ExpectSameEverywhere(command, "trace.jsonl");
  }
}

// 10^5 events; under the sanitizers, whose command line is several times slower, 2 x 10^4.
#ifdef TRACEDOC_SANITIZED
constexpr std::size_t kLargeTraceEvents = 20'000;
#else
constexpr std::size_t kLargeTraceEvents = 100'000;
#endif

TEST_F(CompressedInputCliTest, ALargeTraceIsReadTheSameCompressedAndPiped) {
  WriteThreeWays("big.jsonl", generator::GenerateTrace(kLargeTraceEvents, 5));
  for (const std::string command : {"cat ARG", "summary --threads 2 ARG",
                                    "export --format chrome ARG", "report ARG"}) {
    ExpectSameEverywhere(command, "big.jsonl");
  }
}

TEST_F(CompressedInputCliTest, AnExportIsRecognizedThroughAPipeAndCompressed) {
  testing_support::TraceMLExportPlan plan;
  plan.steps = 40;
  WriteThreeWays("export.jsonl", testing_support::GenerateTraceMLExport(plan).text);
  // By path an export was always read; through a pipe it was taken for a trace.
  const testdata::RunResult piped = RunPiped("summary -", "export.jsonl");
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_THAT(piped.err, Not(HasSubstr("missing field kind")));
  for (const std::string command :
       {"validate ARG", "summary ARG", "cat ARG", "health ARG", "import --from traceml ARG"}) {
    ExpectSameEverywhere(command, "export.jsonl");
  }
}

TEST_F(CompressedInputCliTest, ACorruptCompressedFileIsUnreadableNamingTheFormat) {
  std::string gzip = testdata::Gzipped(generator::GenerateTrace(200, 2));
  gzip.resize(gzip.size() / 2);
  WriteFile("cut.jsonl.gz", gzip);
  const testdata::RunResult result = Run("validate cut.jsonl.gz");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("error[io_error]: read trace JSONL line "));
  EXPECT_THAT(result.err, HasSubstr("gzip: the compressed data ends before its end"));
}

}  // namespace
}  // namespace tracedoc
