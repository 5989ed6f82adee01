# The include check: fails when a file under src/ includes a folder of src/ that is not below its
# own in the layer table (src/layers.cmake), or when a folder of src/ is in no layer.
#   cmake -DSOURCE_DIR=<repository root> -P cmake/check_layers.cmake
# Run by the build before the library compiles (target tracedoc_layer_check) and by ctest
# (layer_check); tests/layers/ runs it on a tree with a deliberate violation.
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<repository root> -P check_layers.cmake")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/layers.cmake)
include(${SOURCE_DIR}/src/layers.cmake)
get_property(layers GLOBAL PROPERTY TRACEDOC_LAYERS)

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

file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/src/*.cpp ${SOURCE_DIR}/src/*.hpp
     ${SOURCE_DIR}/src/*.h ${SOURCE_DIR}/src/*.inc)
list(SORT files)
foreach(file IN LISTS files)
  if(NOT file MATCHES "^src/([^/]+)/")
    report("${file}: a source outside every layer folder")
    continue()
  endif()
  set(layer ${CMAKE_MATCH_1})
  get_property(reach GLOBAL PROPERTY TRACEDOC_LAYER_REACH_${layer})
  file(READ ${SOURCE_DIR}/${file} text)
  # One list element per line: first hide what CMake lists would read as syntax.
  string(REPLACE "\\" "<bs>" text "${text}")
  string(REPLACE ";" "<sc>" text "${text}")
  string(REPLACE "[" "<lb>" text "${text}")
  string(REPLACE "]" "<rb>" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    # A quoted include without a folder is the file's own folder, hence its own layer.
    if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"(([^\"/]*)/[^\"]*)\"")
      continue()
    endif()
    set(included ${CMAKE_MATCH_1})
    set(target ${CMAKE_MATCH_2})
    if(target STREQUAL "tracedoc" OR target STREQUAL layer OR target IN_LIST reach)
      continue()
    endif()
    string(JOIN ", " allowed ${reach})
    if(target IN_LIST layers)
      report("${file}:${number}: layer `${layer}` includes \"${included}\" of layer `${target}`, "
             "which is not below it (${layer} may include: ${allowed}, tracedoc/)")
    else()
      report("${file}:${number}: layer `${layer}` includes \"${included}\", which is in no layer "
             "(${layer} may include: ${allowed}, tracedoc/)")
    endif()
  endforeach()
endforeach()

list(LENGTH files file_count)
if(violations GREATER 0)
  message(FATAL_ERROR "layer check: ${violations} include(s) against the grain of the layers in "
                      "src/layers.cmake")
endif()
message(STATUS "layer check: ${file_count} files of src/, every include points down")
