// tracedoc_gen_format_corpus OUTDIR: writes each case of the format corpus (tests/formats) to
// OUTDIR/<name with / as __>/ and lists them in OUTDIR/cases.tsv (directory, name, flags, input),
// so a case can be run by hand: `cd OUTDIR/DIR && tracedoc validate --json FLAGS INPUT`.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>

#include "formats/format_corpus.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: tracedoc_gen_format_corpus OUTDIR\n");
    return 2;
  }
  try {
    const std::filesystem::path out_dir = argv[1];
    const std::vector<tracedoc::formats::FormatCase> cases =
        tracedoc::formats::FormatCorpus(TRACEDOC_SOURCE_DIR);
    std::filesystem::create_directories(out_dir);
    std::ofstream list(out_dir / "cases.tsv", std::ios::binary);
    for (const tracedoc::formats::FormatCase& format_case : cases) {
      const std::string flat = tracedoc::formats::FlatCaseName(format_case.name);
      const tracedoc::formats::CaseContent content = format_case.build();
      tracedoc::formats::WriteCaseContent(content, out_dir / flat);
      std::string flags;
      for (const std::string& flag : format_case.flags) flags += (flags.empty() ? "" : " ") + flag;
      list << flat << '\t' << format_case.name << '\t' << flags << '\t' << content.input << '\n';
    }
    if (!list.flush()) {
      std::fprintf(stderr, "tracedoc_gen_format_corpus: cannot write %s/cases.tsv\n", argv[1]);
      return 2;
    }
    std::fprintf(stderr, "%zu cases in %s\n", cases.size(), argv[1]);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "tracedoc_gen_format_corpus: %s\n", error.what());
    return 2;
  }
  return 0;
}
