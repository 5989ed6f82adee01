# Runs cmake/check_layers.cmake on copies of the real src/ and include/tracedoc/, each with one
# deliberate violation planted, and asserts its verdict and its messages.
#   cmake -DSOURCE_DIR=<repository root> -DWORK_DIR=<scratch dir> -P layer_check_test.cmake
cmake_minimum_required(VERSION 3.25)
get_filename_component(SOURCE_DIR "${SOURCE_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
get_filename_component(WORK_DIR "${WORK_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
set(check ${SOURCE_DIR}/cmake/check_layers.cmake)
file(REMOVE_RECURSE ${WORK_DIR})
include(${CMAKE_CURRENT_LIST_DIR}/expect_verdict.cmake)

# A copy of the real tree at WORK_DIR/<name>: the check passes on it before anything is planted.
function(make_tree name)
  file(COPY ${SOURCE_DIR}/src DESTINATION ${WORK_DIR}/${name})
  file(COPY ${SOURCE_DIR}/include DESTINATION ${WORK_DIR}/${name})
  file(COPY ${SOURCE_DIR}/cmake/version.hpp.in DESTINATION ${WORK_DIR}/${name}/cmake)
endfunction()
# Writes `text` to <path> of tree `name` (one argument each: `text` may hold semicolons).
function(put name path text)
  file(WRITE ${WORK_DIR}/${name}/${path} "${text}")
endfunction()
function(append name path text)
  file(APPEND ${WORK_DIR}/${name}/${path} "${text}")
endfunction()

# Runs the check on `dir` from `cwd`; fails unless its exit status is `expected_ok` (TRUE/FALSE)
# and its output matches every regular expression in ARGN.
function(expect_in name dir cwd expected_ok)
  execute_process(COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${dir} -DDOC_GRAPH=${doc_graph} -P ${check}
                  WORKING_DIRECTORY ${cwd}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect_verdict(${name} "${status}" "${out}${err}" ${expected_ok} ${ARGN})
endfunction()
function(expect name expected_ok)
  expect_in(${name} ${WORK_DIR}/${name} ${WORK_DIR} ${expected_ok} ${ARGN})
endfunction()
# A fresh copy named `name` with `text` written (PUT) or appended (APPEND) to `path`: the check
# must fail on it with every pattern in ARGN.
function(plant name how path text)
  make_tree(${name})
  if(how STREQUAL "APPEND")
    append(${name} ${path} "${text}")
  else()
    put(${name} ${path} "${text}")
  endif()
  expect(${name} FALSE ${ARGN})
endfunction()

# The copy as it is passes, and so does a relative SOURCE_DIR, taken from the working directory.
make_tree(unchanged)
expect(unchanged TRUE "every include follows the layer table")
expect_in(relative_source_dir unchanged ${WORK_DIR} TRUE "[1-9][0-9]* files of src/")
expect_in(relative_dot . ${WORK_DIR}/unchanged TRUE "[1-9][0-9]* files of src/")

# `src/json` including `src/fold`: the lines before it hold what CMake lists treat as syntax
# (brackets, semicolons, a trailing backslash), so the line number it reports is checked too.
plant(json_includes_fold PUT src/json/planted.cpp "int a[2] = {1, 2}; int b[] = {3};\n#define TWO \\\n  2\n\n#include \"fold/block_records.hpp\"\n"
  "src/json/planted.cpp:5: layer `json` includes \"fold/block_records.hpp\" of layer `fold`, which it does not use"
  "\\(json uses: util\\)"
  "1 violation\\(s\\)")

# A layer below in the old sense but not used: `fold` reaches `json` only through `format`.
plant(fold_includes_json PUT src/fold/planted.cpp "#include \"json/json_tape.hpp\"\n"
  "src/fold/planted.cpp:1: layer `fold` includes \"json/json_tape.hpp\" of layer `json`, which it does not use")

# A public header counts as a use of its layer: `decode` including the document's header.
plant(decode_includes_document_header PUT src/decode/planted.cpp "#include <tracedoc/document.hpp>\n"
  "src/decode/planted.cpp:1: layer `decode` includes \"tracedoc/document.hpp\" of layer `document`")

# A public header is checked like its layer's files: event.hpp belongs to `format`.
plant(public_header_upward APPEND include/tracedoc/event.hpp "#include \"tracedoc/health.hpp\"\n"
  "include/tracedoc/event.hpp:[0-9]+: layer `format` includes \"tracedoc/health.hpp\" of layer `health`")

# A public header may not include src/.
plant(public_header_includes_src APPEND include/tracedoc/error.hpp "#include \"util/arena.hpp\"\n"
  "include/tracedoc/error.hpp:[0-9]+: the public header includes \"util/arena.hpp\" of src/")

# A public header of no layer, and the umbrella header without it.
plant(unowned_header PUT include/tracedoc/plugin.hpp "#pragma once\n"
  "include/tracedoc/plugin.hpp: a public header in no layer")
file(READ ${SOURCE_DIR}/include/tracedoc/tracedoc.hpp umbrella)
string(REPLACE "#include \"tracedoc/speedscope.hpp\"\n" "" umbrella "${umbrella}")
plant(umbrella_incomplete PUT include/tracedoc/tracedoc.hpp "${umbrella}"
  "tracedoc.hpp: does not include \"tracedoc/speedscope.hpp\"")

# The table may not say more than the code: a use no file makes.
file(READ ${SOURCE_DIR}/src/layers.cmake table)
string(REPLACE "tracedoc_layer(emit USES util " "tracedoc_layer(emit USES util text " table "${table}")
plant(unused_use PUT src/layers.cmake "${table}"
  "layer `emit` declares it uses `text`, but none of its files or public headers includes it")

# A path that climbs out of the folder names no layer.
plant(climbs_out PUT src/emit/planted.cpp "\n#include \"../fold/block_records.hpp\"\n"
  "src/emit/planted.cpp:2: layer `emit` includes \"../fold/block_records.hpp\", which is in no layer")

# A folder the table does not know.
plant(unknown_folder PUT src/plugins/plugin.cpp "#include \"util/arena.hpp\"\n"
  "src/plugins/: a folder in no layer")

# The graph docs/architecture.md draws must be the table's: an edge removed from the page fails.
make_tree(doc_graph_drift)
file(READ ${SOURCE_DIR}/docs/architecture.md doc)
expect_in(doc_graph_drift ${WORK_DIR}/doc_graph_drift ${WORK_DIR} TRUE)  # no docs/: not compared
set(doc_graph CHECK)
string(REPLACE "  read --> fold\n" "" drifted "${doc}")
put(doc_graph_drift docs/architecture.md "${drifted}")
expect(doc_graph_drift FALSE "docs/architecture.md: the layer graph differs from src/layers.cmake")
put(doc_graph_drift docs/architecture.md "${doc}")
expect(doc_graph_drift TRUE "every include follows the layer table")
set(doc_graph "")

# A tree with the table but no file, and a SOURCE_DIR that is not a repository root.
file(MAKE_DIRECTORY ${WORK_DIR}/empty/src)
file(COPY ${SOURCE_DIR}/src/layers.cmake DESTINATION ${WORK_DIR}/empty/src)
expect(empty FALSE "layer check: no file under" "nothing was checked")
expect_in(not_a_root ${WORK_DIR}/nowhere ${WORK_DIR} FALSE "has no[ \t\n]+src/layers.cmake")
