# The layers of src/, bottom to top (docs/architecture.md): a folder may include its own files,
# the public headers (tracedoc/...) and the layers below it, never one above. The build makes one
# target per layer linking only those below (CMakeLists.txt), and cmake/check_layers.cmake fails
# the build on an include against the grain. A new folder of src/ needs a line here.
tracedoc_layer(util USES PkgConfig::SODIUM)
tracedoc_layer(text)
tracedoc_layer(error)
tracedoc_layer(json BELOW util text error USES Boost::json)
tracedoc_layer(emit BELOW json)
tracedoc_layer(format BELOW emit)
# The Cirron spool reader (docs/cirron-spool.md): each batch parsed by the tape (Python's NaN and
# Infinity are one of its options) and its records read through their field tables by the
# format's object reader, streamed to a sink.
tracedoc_layer(cirron BELOW format)
tracedoc_layer(decode BELOW format)
tracedoc_layer(document BELOW decode)
tracedoc_layer(fold BELOW document)
tracedoc_layer(read BELOW fold)
tracedoc_layer(write BELOW read)
# A Cirron spool as a trace/10 document (docs/cirron-conversion.md): records written as trace
# lines by the writer and read back by the reader.
tracedoc_layer(cirron_convert BELOW write cirron)
# TraceML's export records (docs/traceml-export.md): read line by line like a trace, with the
# same line splitting and JSON syntax layer, through field tables read by the shared object
# reader, each record handed to a sink.
tracedoc_layer(traceml BELOW read)
# The run analysis of an export (docs/traceml-analysis.md): plain values gathered as the export
# is read (or from typed records), written as JSON with the emit layer, which it reaches through
# read.
tracedoc_layer(traceml_analysis BELOW traceml)
tracedoc_layer(analysis BELOW write)
# A TraceML export as a trace/10 document (docs/traceml-conversion.md): a sink of the export
# reader adding records to the DocumentBuilder as they are read, as for a Cirron spool.
tracedoc_layer(traceml_convert BELOW write traceml)
tracedoc_layer(health BELOW analysis USES OpenSSL::Crypto)
tracedoc_layer(timeline BELOW analysis)
tracedoc_layer(report BELOW health timeline)
# One way in (tracedoc/open.hpp): the format of an input, and its reader into a document.
tracedoc_layer(open BELOW cirron_convert traceml_convert)
tracedoc_layer(cli BELOW health report timeline open traceml_analysis USES CLI11::CLI11)
