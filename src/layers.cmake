# The layers of src/ and what each one uses (docs/architecture.md draws this graph). A layer's
# files may include its own files, the public headers that belong to it, and the files and public
# headers of the layers it USES: nothing else. USES lists exactly the layers its files include
# (cmake/check_layers.cmake fails on an include the table does not allow, and on a use no file
# makes); a layer can only use layers declared above it here, so the graph has no cycle. The
# build makes one target per layer linking its USES (CMakeLists.txt). A new folder of src/ or a
# new public header needs a line here.

# Containers and arithmetic and text: the two leaves; the error codes, over both (their lines
# escape what they quote through text/terminal_text.hpp).
tracedoc_layer(util HEADERS version.hpp LINKS PkgConfig::SODIUM)
tracedoc_layer(text)
tracedoc_layer(error USES util text HEADERS error.hpp diagnostic.hpp)
# JSON syntax (the tape) and JSON text out.
tracedoc_layer(json USES util LINKS Boost::json)
tracedoc_layer(emit USES util HEADERS write_options.hpp)
# The trace format: records, their field tables, the one object reader of every format.
tracedoc_layer(format USES util text error json emit HEADERS enums.hpp event.hpp)
# The document, its span index and the converted facts it reads from the conversions' unknown
# keys when sealed (the marks' JSON arrays through Boost.JSON).
tracedoc_layer(document USES util format HEADERS document.hpp record_list.hpp span_index.hpp
               converted_facts.hpp
               LINKS Boost::json)
# One line to one record: the fast path (a Boost.JSON handler over the field tables) and the
# general path (the tape, then ReadObject).
tracedoc_layer(decode USES util text error json format HEADERS record_decoder.hpp
               LINKS Boost::json)
tracedoc_layer(fold USES util text error format document decode HEADERS document_builder.hpp)
# Reads decompress gzip and zstd input as they go (Debian's zlib and libzstd).
tracedoc_layer(read USES util text error format document decode fold HEADERS reader.hpp
               LINKS ZLIB::ZLIB zstd::libzstd_shared)
tracedoc_layer(write USES error emit format document read
               HEADERS writer.hpp output_file.hpp upgrade.hpp validation_report.hpp
                       event_order.hpp)
# The Cirron spool (docs/cirron-spool.md) and its conversion to a trace/10 document
# (docs/cirron-conversion.md): records streamed to a sink that adds them to the DocumentBuilder.
tracedoc_layer(cirron USES util text error json format HEADERS cirron_spool.hpp cirron_scopes.hpp)
tracedoc_layer(cirron_convert USES util text error emit format document fold cirron)
# TraceML's export records (docs/traceml-export.md), read like a trace's lines; their conversion
# to a document (docs/traceml-conversion.md) and the run analysis (docs/traceml-analysis.md).
tracedoc_layer(traceml USES util text error json emit format decode read
               HEADERS traceml_export.hpp)
tracedoc_layer(traceml_convert USES util error emit format document fold read traceml)
tracedoc_layer(traceml_analysis USES util emit traceml HEADERS traceml_summary.hpp)
# The analyses of a document, and the pictures of it.
tracedoc_layer(analysis USES util emit format document
               HEADERS memory.hpp summary.hpp)
tracedoc_layer(health USES util text emit format document analysis
               HEADERS health.hpp validation.hpp)
# Two runs compared (docs/diff.md): span paths, time, logical peaks, health and steps, the gate.
tracedoc_layer(diff USES util text error emit format document analysis health traceml_analysis
               HEADERS diff.hpp)
# Replicated cohorts of runs compared, fail-closed (docs/compare.md).
tracedoc_layer(cohort USES util error emit format document analysis health HEADERS cohort.hpp)
tracedoc_layer(timeline USES util text emit document analysis
               HEADERS chrome_trace.hpp speedscope.hpp)
tracedoc_layer(report USES util text emit format document analysis health diff timeline
               HEADERS html_report.hpp)
# One way in (tracedoc/open.hpp): the format of an input, and its reader into a document.
tracedoc_layer(open USES util error json document read cirron cirron_convert traceml_convert
               HEADERS input_format.hpp open.hpp)
# Traces as tables (docs/tables.md): the versioned table definitions and the one row source every
# table writer reads, streamed from a document's records; the NDJSON tables of a fleet
# (docs/fleet.md), written through OutputFile.
tracedoc_layer(tables USES util error emit format document analysis health open write
               HEADERS tables.hpp ndjson_tables.hpp)
# Traces as a SQLite database (Debian's libsqlite3; docs/tables.md §5): the tables written one
# run a transaction, and one read-only query printed as NDJSON, CSV or a table.
tracedoc_layer(tables_sqlite USES text error emit document tables HEADERS sqlite_tables.hpp
               LINKS SQLite::SQLite3)
# The command line: public headers only.
tracedoc_layer(cli USES util error emit document read write analysis health diff cohort
                        timeline report traceml_analysis open tables tables_sqlite
               LINKS CLI11::CLI11)
