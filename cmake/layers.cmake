# The layer table's vocabulary. src/layers.cmake declares each folder of src/ as a layer, bottom
# to top, with tracedoc_layer(); the build (one library target per layer, CMakeLists.txt) and the
# include check (cmake/check_layers.cmake, script mode) both read that one table.

# tracedoc_layer(NAME [BELOW layer...] [USES target...])
#   BELOW: the layers directly under NAME. Each must be declared already, so the table cannot
#          hold a cycle. NAME may include its own files, the public headers (tracedoc/...), the
#          BELOW layers and everything they reach, and nothing else of src/.
#   USES:  the external targets NAME's sources compile against (ignored in script mode).
function(tracedoc_layer name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "BELOW;USES")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tracedoc_layer(${name}): unexpected ${arg_UNPARSED_ARGUMENTS}")
  endif()
  get_property(declared GLOBAL PROPERTY TRACEDOC_LAYERS)
  if(name IN_LIST declared)
    message(FATAL_ERROR "tracedoc_layer(${name}): declared twice")
  endif()
  set(reach ${arg_BELOW})
  foreach(below IN LISTS arg_BELOW)
    if(NOT below IN_LIST declared)
      message(FATAL_ERROR "tracedoc_layer(${name}): `${below}` must be declared before it "
                          "(the table runs bottom to top)")
    endif()
    get_property(below_reach GLOBAL PROPERTY TRACEDOC_LAYER_REACH_${below})
    list(APPEND reach ${below_reach})
  endforeach()
  list(REMOVE_DUPLICATES reach)
  set_property(GLOBAL APPEND PROPERTY TRACEDOC_LAYERS ${name})
  set_property(GLOBAL PROPERTY TRACEDOC_LAYER_BELOW_${name} ${arg_BELOW})
  set_property(GLOBAL PROPERTY TRACEDOC_LAYER_REACH_${name} ${reach})
  set_property(GLOBAL PROPERTY TRACEDOC_LAYER_USES_${name} ${arg_USES})
endfunction()
