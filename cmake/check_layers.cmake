# The include check: every include of src/ and include/tracedoc/ follows the layer table
# (src/layers.cmake), and the table says no more than the code does.
#   cmake -DSOURCE_DIR=<repository root> [-DDOC_GRAPH=CHECK|WRITE] -P cmake/check_layers.cmake
# It fails when
#   - a file includes a layer (a folder of src/, or a public header's layer) its own layer does
#     not USE, or a path that is in no layer;
#   - a public header includes anything of src/, or a public header belongs to no layer;
#   - a layer declares a use that none of its files or headers makes (the table cannot drift
#     loose);
#   - a folder of src/ is in no layer, the umbrella header misses a public header, or it read no
#     file at all (a wrong SOURCE_DIR must not pass).
# DOC_GRAPH=CHECK also fails when docs/architecture.md's generated graph differs from the table;
# DOC_GRAPH=WRITE rewrites it. Run by the build before the library compiles (target
# tracedoc_layer_check), by ctest (layer_check, with DOC_GRAPH=CHECK); tests/layers/ runs it on
# fake trees with deliberate violations.
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<repository root> -P check_layers.cmake")
endif()
# In script mode CMAKE_CURRENT_BINARY_DIR is the working directory: `-DSOURCE_DIR=.` works.
get_filename_component(SOURCE_DIR "${SOURCE_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
if(NOT EXISTS ${SOURCE_DIR}/src/layers.cmake)
  message(FATAL_ERROR "layer check: ${SOURCE_DIR} has no src/layers.cmake (SOURCE_DIR must be "
                      "the repository root)")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/layers.cmake)
include(${SOURCE_DIR}/src/layers.cmake)
get_property(layers GLOBAL PROPERTY TRACEDOC_LAYERS)
get_property(public_headers GLOBAL PROPERTY TRACEDOC_PUBLIC_HEADERS)
set(umbrella tracedoc.hpp)

set(violations 0)
macro(report)
  string(CONCAT report_text ${ARGV})
  message("${report_text}")
  math(EXPR violations "${violations} + 1")
endmacro()

file(GLOB entries RELATIVE ${SOURCE_DIR}/src ${SOURCE_DIR}/src/*)
foreach(entry IN LISTS entries)
  if(IS_DIRECTORY ${SOURCE_DIR}/src/${entry} AND NOT entry IN_LIST layers)
    report("src/${entry}/: a folder in no layer (declare it in src/layers.cmake)")
  endif()
endforeach()

# Public headers: each belongs to one layer, and each declared one exists (version.hpp is
# generated from cmake/version.hpp.in).
file(GLOB header_files RELATIVE ${SOURCE_DIR}/include/tracedoc ${SOURCE_DIR}/include/tracedoc/*)
foreach(header IN LISTS header_files)
  if(NOT header STREQUAL umbrella AND NOT header IN_LIST public_headers)
    report("include/tracedoc/${header}: a public header in no layer (declare it in the HEADERS "
           "of its layer in src/layers.cmake)")
  endif()
endforeach()
foreach(header IN LISTS public_headers)
  get_filename_component(stem ${header} NAME)
  if(NOT EXISTS ${SOURCE_DIR}/include/tracedoc/${header}
     AND NOT EXISTS ${SOURCE_DIR}/cmake/${stem}.in)
    get_property(owner GLOBAL PROPERTY TRACEDOC_HEADER_LAYER_${header})
    report("src/layers.cmake: layer `${owner}` declares the public header ${header}, which "
           "include/tracedoc/ does not have")
  endif()
endforeach()

# The files to read, each with its layer.
file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/src/*.cpp ${SOURCE_DIR}/src/*.hpp
     ${SOURCE_DIR}/src/*.h ${SOURCE_DIR}/src/*.inc)
list(SORT files)
foreach(header IN LISTS header_files)
  if(NOT header STREQUAL umbrella)
    list(APPEND files include/tracedoc/${header})
  endif()
endforeach()
list(LENGTH files file_count)
if(file_count EQUAL 0)
  message(FATAL_ERROR "layer check: no file under ${SOURCE_DIR}/src or include/tracedoc: "
                      "nothing was checked")
endif()

# Splits the text of `file` into a list of lines (what CMake lists would read as syntax hidden)
# and sets `lines` in the caller.
function(read_lines file)
  file(READ ${SOURCE_DIR}/${file} text)
  string(REPLACE "\\" "<bs>" text "${text}")
  string(REPLACE ";" "<sc>" text "${text}")
  string(REPLACE "[" "<lb>" text "${text}")
  string(REPLACE "]" "<rb>" text "${text}")
  string(REPLACE "\n" ";" text "${text}")
  set(lines "${text}" PARENT_SCOPE)
endfunction()

foreach(file IN LISTS files)
  set(public FALSE)
  if(file MATCHES "^include/tracedoc/(.+)$")
    set(public TRUE)
    get_property(layer GLOBAL PROPERTY TRACEDOC_HEADER_LAYER_${CMAKE_MATCH_1})
    if(NOT layer)
      continue()  # reported above
    endif()
  elseif(file MATCHES "^src/([^/]+)/")
    set(layer ${CMAKE_MATCH_1})
  else()
    report("${file}: a source outside every layer folder")
    continue()
  endif()
  get_property(uses GLOBAL PROPERTY TRACEDOC_LAYER_USES_${layer})
  string(JOIN ", " allowed ${uses})
  if(NOT allowed)
    set(allowed "no other layer")
  endif()
  read_lines(${file})
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    # A quoted include without a folder is the file's own folder, hence its own layer; an
    # angle-bracket include is another library's, unless it names tracedoc/.
    if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"(([^\"/]*)/[^\"]*)\"")
    elseif(line MATCHES "^[ \t]*#[ \t]*include[ \t]*<((tracedoc)/[^>]*)>")
    else()
      continue()
    endif()
    set(included ${CMAKE_MATCH_1})
    set(folder ${CMAKE_MATCH_2})
    if(folder STREQUAL "tracedoc")
      string(REGEX REPLACE "^tracedoc/" "" header "${included}")
      get_property(target GLOBAL PROPERTY TRACEDOC_HEADER_LAYER_${header})
      if(NOT target)
        report("${file}:${number}: \"${included}\" is a public header of no layer")
        continue()
      endif()
    elseif(public)
      report("${file}:${number}: the public header includes \"${included}\" of src/ (a public "
             "header includes only tracedoc/ headers and other libraries)")
      continue()
    elseif(folder IN_LIST layers)
      set(target ${folder})
    else()
      report("${file}:${number}: layer `${layer}` includes \"${included}\", which is in no layer "
             "(${layer} uses: ${allowed})")
      continue()
    endif()
    if(target STREQUAL layer)
      continue()
    endif()
    if(target IN_LIST uses)
      set_property(GLOBAL APPEND PROPERTY TRACEDOC_LAYER_USED_${layer} ${target})
    else()
      report("${file}:${number}: layer `${layer}` includes \"${included}\" of layer `${target}`, "
             "which it does not use (${layer} uses: ${allowed})")
    endif()
  endforeach()
endforeach()

# The table says no more than the code: every declared use is made by some file.
foreach(layer IN LISTS layers)
  get_property(uses GLOBAL PROPERTY TRACEDOC_LAYER_USES_${layer})
  get_property(used GLOBAL PROPERTY TRACEDOC_LAYER_USED_${layer})
  foreach(target IN LISTS uses)
    if(NOT target IN_LIST used)
      report("src/layers.cmake: layer `${layer}` declares it uses `${target}`, but none of its "
             "files or public headers includes it (remove it from its USES)")
    endif()
  endforeach()
endforeach()

# The umbrella header includes every public header.
if(EXISTS ${SOURCE_DIR}/include/tracedoc/${umbrella})
  file(READ ${SOURCE_DIR}/include/tracedoc/${umbrella} umbrella_text)
  foreach(header IN LISTS public_headers)
    if(NOT umbrella_text MATCHES "#include [<\"]tracedoc/${header}[>\"]")
      report("include/tracedoc/${umbrella}: does not include \"tracedoc/${header}\" (the "
             "umbrella header includes every public header)")
    endif()
  endforeach()
endif()

# The graph as docs/architecture.md draws it: every direct use, and the picture without the
# edges another path already implies.
if(DOC_GRAPH)
  set(graph "<!-- layer-graph:begin (generated from src/layers.cmake by cmake/check_layers.cmake -DDOC_GRAPH=WRITE) -->\n")
  string(APPEND graph "```mermaid\nflowchart TD\n")
  set(table "| layer | uses (every direct use) | public headers |\n| --- | --- | --- |\n")
  list(REVERSE layers)
  foreach(layer IN LISTS layers)
    get_property(uses GLOBAL PROPERTY TRACEDOC_LAYER_USES_${layer})
    get_property(headers GLOBAL PROPERTY TRACEDOC_LAYER_HEADERS_${layer})
    if(NOT uses)
      string(APPEND graph "  ${layer}\n")
    endif()
    foreach(target IN LISTS uses)
      set(implied FALSE)
      foreach(other IN LISTS uses)
        get_property(other_reach GLOBAL PROPERTY TRACEDOC_LAYER_REACH_${other})
        if(NOT other STREQUAL target AND target IN_LIST other_reach)
          set(implied TRUE)
        endif()
      endforeach()
      if(NOT implied)
        string(APPEND graph "  ${layer} --> ${target}\n")
      endif()
    endforeach()
    list(TRANSFORM uses PREPEND "`")
    list(TRANSFORM uses APPEND "`")
    string(JOIN ", " uses_text ${uses})
    list(TRANSFORM headers PREPEND "`")
    list(TRANSFORM headers APPEND "`")
    string(JOIN ", " headers_text ${headers})
    string(APPEND table "| `${layer}` | ${uses_text} | ${headers_text} |\n")
  endforeach()
  string(APPEND graph "```\n\n${table}<!-- layer-graph:end -->")
  set(doc ${SOURCE_DIR}/docs/architecture.md)
  file(READ ${doc} doc_text)
  string(FIND "${doc_text}" "<!-- layer-graph:begin" begin)
  string(FIND "${doc_text}" "<!-- layer-graph:end -->" end)
  if(begin EQUAL -1 OR end EQUAL -1)
    report("docs/architecture.md: no generated layer graph (<!-- layer-graph:begin --> ... "
           "<!-- layer-graph:end -->)")
  else()
    math(EXPR end "${end} + 24")
    math(EXPR length "${end} - ${begin}")
    string(SUBSTRING "${doc_text}" ${begin} ${length} current)
    if(DOC_GRAPH STREQUAL "WRITE")
      string(SUBSTRING "${doc_text}" 0 ${begin} head)
      string(SUBSTRING "${doc_text}" ${end} -1 tail)
      file(WRITE ${doc} "${head}${graph}${tail}")
      message(STATUS "layer check: wrote the graph into docs/architecture.md")
    elseif(NOT current STREQUAL graph)
      report("docs/architecture.md: the layer graph differs from src/layers.cmake (regenerate "
             "it: cmake -DSOURCE_DIR=. -DDOC_GRAPH=WRITE -P cmake/check_layers.cmake)")
    endif()
  endif()
endif()

if(violations GREATER 0)
  message(FATAL_ERROR "layer check: ${violations} violation(s) of the layer table in "
                      "src/layers.cmake")
endif()
message(STATUS "layer check: ${file_count} files of src/ and include/tracedoc/, every include "
               "follows the layer table")
