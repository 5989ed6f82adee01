# Runs cmake/check_test_reach.cmake on small fake trees and asserts its verdict and messages.
#   cmake -DSOURCE_DIR=<repository root> -DWORK_DIR=<scratch dir> -P test_reach_test.cmake
cmake_minimum_required(VERSION 3.25)
set(check ${SOURCE_DIR}/cmake/check_test_reach.cmake)
file(REMOVE_RECURSE ${WORK_DIR})
include(${CMAKE_CURRENT_LIST_DIR}/expect_verdict.cmake)

# A tree with two headers of layer `a`: x.hpp included by tests/a/, y.hpp by nothing; `owed` is
# the list's content.
function(expect name owed expected_ok)
  set(root ${WORK_DIR}/${name})
  file(WRITE ${root}/src/a/x.hpp "#pragma once\n")
  file(WRITE ${root}/src/a/y.hpp "#pragma once\n")
  file(WRITE ${root}/tests/a/x_test.cpp "#include <gtest/gtest.h>\n\n#include \"a/x.hpp\"\n")
  file(WRITE ${root}/tests/headers_owed_a_test.txt "# owed\n${owed}")
  execute_process(COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${root} -P ${check}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect_verdict(${name} "${status}" "${out}${err}" ${expected_ok} ${ARGN})
endfunction()

expect(honest "a/y.hpp\n" TRUE "1 of 2 headers")
expect(untested_header_not_listed "" FALSE "src/a/y.hpp: no file of tests/a/ includes it")
expect(tested_header_still_listed "a/x.hpp\na/y.hpp\n" FALSE
       "a/x.hpp: reached by tests/a/ now: take it off")
expect(listed_header_gone "a/y.hpp\na/z.hpp\n" FALSE "a/z.hpp: listed in[ \t\n]+tests/headers_owed_a_test.txt[ \t\n]+but not in src/")
