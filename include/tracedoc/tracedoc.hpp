// The umbrella header: everything a program needs to read, fold and inspect a trace.
// bytes → lines → records → fold → TraceDocument (docs/architecture.md).
#ifndef TRACEDOC_TRACEDOC_HPP_
#define TRACEDOC_TRACEDOC_HPP_

#include "tracedoc/chrome_trace.hpp"
#include "tracedoc/cirron_scopes.hpp"
#include "tracedoc/cirron_spool.hpp"
#include "tracedoc/cohort.hpp"
#include "tracedoc/converted_facts.hpp"
#include "tracedoc/diagnostic.hpp"
#include "tracedoc/diff.hpp"
#include "tracedoc/document.hpp"
#include "tracedoc/document_builder.hpp"
#include "tracedoc/enums.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/event.hpp"
#include "tracedoc/event_order.hpp"
#include "tracedoc/health.hpp"
#include "tracedoc/html_report.hpp"
#include "tracedoc/input_format.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/output_file.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/record_decoder.hpp"
#include "tracedoc/span_index.hpp"
#include "tracedoc/speedscope.hpp"
#include "tracedoc/summary.hpp"
#include "tracedoc/traceml_export.hpp"
#include "tracedoc/traceml_summary.hpp"
#include "tracedoc/upgrade.hpp"
#include "tracedoc/validation.hpp"
#include "tracedoc/validation_report.hpp"
#include "tracedoc/version.hpp"
#include "tracedoc/write_options.hpp"
#include "tracedoc/writer.hpp"

#endif  // TRACEDOC_TRACEDOC_HPP_
