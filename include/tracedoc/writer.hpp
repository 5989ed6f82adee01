// The canonical writer (docs/trace-format.md §3, docs/tracedoc.md §3–§4): a TraceDocument back to events,
// to JSONL, and to the folded-document JSON object. The last stage: fold → TraceDocument → text.
#ifndef TRACEDOC_WRITER_HPP_
#define TRACEDOC_WRITER_HPP_

#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/event.hpp"
#include "tracedoc/write_options.hpp"

namespace tracedoc {

/// The document as the reference's to_events lists it (§3.1): meta; each span in id order as
/// span_start then, only if closed, span_end; ops, tensors, tensor_stats, memory, device_memory,
/// device_intervals, gradients, edges; the terminal. Records keep their unknown members. The
/// Events refer to the document's storage: valid while the document (or a copy) lives.
/// ForEachEvent (tracedoc/event_order.hpp) walks the same sequence without building it. No errors.
std::vector<Event> ToEvents(const TraceDocument& document);

/// Appends one event as one compact JSON line, without the `\n`: `kind` first, then the fields in
/// table order, omitted where the reference omits them, then the unknown members. No errors.
void AppendEventJson(std::string& out, const Event& event, const WriteOptions& options = {});

/// ToEvents, each event a compact line ending in `\n` (§3.2); no header, no BOM. No errors.
std::string WriteJsonl(const TraceDocument& document, const WriteOptions& options = {});

/// As above, into `out`. A stream error is left in `out`'s state (no exception is thrown
/// unless `out` asks for one). No error codes.
void WriteJsonl(const TraceDocument& document, std::ostream& out, const WriteOptions& options = {});

/// Writes the JSONL to `path` as every output is written (tracedoc/output_file.hpp: a regular
/// file through an exclusive temporary renamed over it, so a reader never sees half a file; a
/// device or a FIFO in place). Creates the parent directories. Errors: io_error (creating the
/// directories, creating, writing, flushing or renaming the file; the temporary is then removed).
Result<void> WriteJsonlFile(const TraceDocument& document, const std::filesystem::path& path,
                            const WriteOptions& options = {});

/// The folded document as one JSON object (§1.14): `schema`, `run` (nested), `spans`, `ops`,
/// `tensors`, `tensor_stats`, `memory`, `device_memory`, `device_intervals`, `gradients`,
/// `edges` (with `edge_kind`), `terminal`; records without `kind`; arrays always written.
/// Compact unless `pretty`; unknown members kept unless `drop_unknown`; no trailing newline.
/// No errors.
std::string WriteDocumentJson(const TraceDocument& document, const WriteOptions& options = {});

/// As above, written to `out` as it is made: pretty or not, the writer holds some 64 KiB of
/// text (or one record, when larger) besides the document. No errors are reported: a failing
/// stream keeps its state (check `out` afterwards) and is written to no further.
void WriteDocumentJson(const TraceDocument& document, std::ostream& out,
                       const WriteOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_WRITER_HPP_
