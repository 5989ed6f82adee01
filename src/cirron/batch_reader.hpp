// One batch file of a spool (docs/cirron-spool.md): its name, its JSON (the project's one
// parser, the tape, with Python's NaN and Infinity allowed unless strict), each record of its
// arrays checked through its field table as the parser completes it and handed to the sink,
// then the batch object itself, the name checks and the ids.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "cirron/id_registry.hpp"
#include "cirron/references.hpp"
#include "cirron/spool_sink.hpp"
#include "tracedoc/cirron_spool.hpp"
#include "tracedoc/error.hpp"

namespace tracedoc::cirron {

/// How the records of a batch are read.
struct BatchReadOptions {
  CirronReadOptions spool;
  /// Unknown members' values (and attrs) with NaN and the infinities as strings, so that the
  /// JSON kept is JSON (the conversion); as written otherwise.
  bool non_finite_as_strings = false;
};

/// Reads the batches of one spool in turn, registering their ids and collecting their
/// references across batches.
class BatchReader {
 public:
  BatchReader(const BatchReadOptions& options, SpoolSink& sink);
  ~BatchReader();
  BatchReader(const BatchReader&) = delete;
  BatchReader& operator=(const BatchReader&) = delete;

  /// Reads batch number `batch` from `text`: `file_name` is checked as a batch file's name
  /// (empty for a batch read from a stream: nothing to check), `path` is where errors say the
  /// file is. The first broken rule is the error, in the order
  /// of docs/cirron-spool.md, "Errors".
  Result<void> Read(std::uint32_t batch, std::string_view file_name, std::string_view path,
                    std::string_view text);

  const IdRegistry& ids() const noexcept;
  References& references() noexcept;
  /// The bare NaN, Infinity and -Infinity literals of the batches read whole so far.
  std::uint64_t non_finite_numbers() const noexcept;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace tracedoc::cirron
