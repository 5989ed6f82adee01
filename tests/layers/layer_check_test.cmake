# Runs cmake/check_layers.cmake on small fake trees that use the real layer table, and asserts
# its verdict and its messages.
#   cmake -DSOURCE_DIR=<repository root> -DWORK_DIR=<scratch dir> -P layer_check_test.cmake
cmake_minimum_required(VERSION 3.25)
set(check ${SOURCE_DIR}/cmake/check_layers.cmake)
file(REMOVE_RECURSE ${WORK_DIR})

# A fake tree at WORK_DIR/<name> with the real src/layers.cmake.
function(make_tree name)
  file(COPY ${SOURCE_DIR}/src/layers.cmake DESTINATION ${WORK_DIR}/${name}/src)
endfunction()
# Writes `text` to src/<path> of tree `name` (one argument each: `text` may hold semicolons).
function(put name path text)
  file(WRITE ${WORK_DIR}/${name}/src/${path} "${text}")
endfunction()

# Runs the check on tree `name`; fails unless its exit status is `expected_ok` (TRUE/FALSE) and
# its output matches every regular expression in ARGN.
function(expect name expected_ok)
  execute_process(COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${WORK_DIR}/${name} -P ${check}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(output "${out}${err}")
  if(expected_ok AND NOT status EQUAL 0)
    message(FATAL_ERROR "${name}: the check failed on a tree without violation:\n${output}")
  elseif(NOT expected_ok AND status EQUAL 0)
    message(FATAL_ERROR "${name}: the check passed a tree with a violation:\n${output}")
  endif()
  foreach(pattern IN LISTS ARGN)
    if(NOT output MATCHES "${pattern}")
      message(FATAL_ERROR "${name}: no match for `${pattern}` in:\n${output}")
    endif()
  endforeach()
  message(STATUS "${name}: as expected")
endfunction()

set(fold_header "#include \"json/number.hpp\"\n#include \"tracedoc/event.hpp\"\n")

# Includes that point down (and the public headers, and the file's own folder) pass.
make_tree(downward)
put(downward fold/positions.hpp "${fold_header}#include \"own.hpp\"\n")
put(downward json/number.hpp "#include \"util/arena.hpp\"\n")
expect(downward TRUE "every include points down")

# `src/json` including `src/fold`: the deliberate violation. The lines before it hold what CMake
# lists treat as syntax (brackets, semicolons, a trailing backslash), so the line number it
# reports is checked too.
make_tree(json_includes_fold)
put(json_includes_fold fold/positions.hpp "${fold_header}")
put(json_includes_fold json/number.cpp
    "int a[2] = {1, 2}; int b[] = {3};\n#define TWO \\\n  2\n\n#include \"fold/positions.hpp\"\n")
expect(json_includes_fold FALSE
  "src/json/number.cpp:5: layer `json` includes \"fold/positions.hpp\" of layer `fold`, which is not below it"
  "json may include: util, text, error, tracedoc/"
  "1 include\\(s\\) against the grain")

# Two layers of one tier (util, text, error) do not see each other.
make_tree(util_includes_text)
put(util_includes_text util/hash.hpp "#include \"text/utf8.hpp\"\n")
expect(util_includes_text FALSE
  "src/util/hash.hpp:1: layer `util` includes \"text/utf8.hpp\" of layer `text`")

# A path that climbs out of the folder names no layer.
make_tree(climbs_out)
put(climbs_out emit/writer.cpp "\n#include \"../fold/positions.hpp\"\n")
expect(climbs_out FALSE
  "src/emit/writer.cpp:2: layer `emit` includes \"../fold/positions.hpp\", which is in no layer")

# A folder the table does not know.
make_tree(unknown_folder)
put(unknown_folder plugins/plugin.cpp "#include \"util/arena.hpp\"\n")
expect(unknown_folder FALSE "src/plugins/: a folder in no layer")
