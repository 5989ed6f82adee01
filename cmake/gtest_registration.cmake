# Registers a GoogleTest binary with ctest. Ordinary builds list every test on its own
# (gtest_discover_tests), so a failure names its test. Sanitizer builds register SHARDS processes
# that split the binary's tests with GoogleTest's own sharding: a sanitized test binary takes
# about 0.3 s to start, which, paid once per test for ~2,400 tests, was most of the sanitizer
# stage's time. A failing shard still prints the failing test's name and output.
# SANITIZED_ENV adds variables to the shards' environment (sanitizer builds only).
# Usage: tracedoc_add_gtests(TARGET SHARDS n [SANITIZED_ENV VAR=value ...]
#                            [PROPERTIES name value ...])
function(tracedoc_add_gtests target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "SHARDS" "PROPERTIES;SANITIZED_ENV")
  if(NOT TRACEDOC_SANITIZE)
    if(arg_PROPERTIES)
      gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60 PROPERTIES ${arg_PROPERTIES})
    else()
      gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60)
    endif()
    return()
  endif()
  math(EXPR last "${arg_SHARDS} - 1")
  foreach(shard RANGE ${last})
    set(name ${target}_shard_${shard}_of_${arg_SHARDS})
    set(environment "GTEST_TOTAL_SHARDS=${arg_SHARDS}" "GTEST_SHARD_INDEX=${shard}"
        ${arg_SANITIZED_ENV})
    add_test(NAME ${name} COMMAND ${target})
    set_tests_properties(${name} PROPERTIES
      ENVIRONMENT "${environment}"
      TIMEOUT 1500 ${arg_PROPERTIES})
  endforeach()
endfunction()
