# What the fake-tree tests of a check share: a run's exit status and output against the verdict
# expected. Fails unless `status` is 0 exactly when `expected_ok` (TRUE/FALSE) and `output`
# matches every regular expression in ARGN.
function(expect_verdict name status output expected_ok)
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
