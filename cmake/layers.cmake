# The layer table's vocabulary. src/layers.cmake declares each folder of src/ as a layer, bottom
# to top, with tracedoc_layer(); the build (one library target per layer, CMakeLists.txt) and the
# include check (cmake/check_layers.cmake, script mode) both read that one table.

# tracedoc_layer(NAME [USES layer...] [HEADERS header...] [LINKS target...])
#   USES:    the layers NAME's files include directly, no more: the table is the dependency
#            graph, and the check fails on a use no file makes. Each must be declared already,
#            so the table cannot hold a cycle.
#   HEADERS: the public headers (include/tracedoc/) that belong to NAME. Including one counts as
#            a use of NAME, and their own includes are checked as NAME's files are.
#   LINKS:   the external targets NAME's sources compile against (ignored in script mode).
function(tracedoc_layer name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "USES;HEADERS;LINKS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tracedoc_layer(${name}): unexpected ${arg_UNPARSED_ARGUMENTS}")
  endif()
  get_property(declared GLOBAL PROPERTY TRACEDOC_LAYERS)
  if(name IN_LIST declared)
    message(FATAL_ERROR "tracedoc_layer(${name}): declared twice")
  endif()
  set(reach ${arg_USES})
  foreach(used IN LISTS arg_USES)
    if(NOT used IN_LIST declared)
      message(FATAL_ERROR "tracedoc_layer(${name}): `${used}` must be declared before it "
                          "(the table runs bottom to top)")
    endif()
    get_property(used_reach GLOBAL PROPERTY TRACEDOC_LAYER_REACH_${used})
    list(APPEND reach ${used_reach})
  endforeach()
  list(REMOVE_DUPLICATES reach)
  foreach(header IN LISTS arg_HEADERS)
    get_property(owner GLOBAL PROPERTY TRACEDOC_HEADER_LAYER_${header})
    if(owner)
      message(FATAL_ERROR "tracedoc_layer(${name}): header ${header} already belongs to `${owner}`")
    endif()
    set_property(GLOBAL PROPERTY TRACEDOC_HEADER_LAYER_${header} ${name})
  endforeach()
  set_property(GLOBAL APPEND PROPERTY TRACEDOC_LAYERS ${name})
  set_property(GLOBAL APPEND PROPERTY TRACEDOC_PUBLIC_HEADERS ${arg_HEADERS})
  set_property(GLOBAL PROPERTY TRACEDOC_LAYER_USES_${name} ${arg_USES})
  set_property(GLOBAL PROPERTY TRACEDOC_LAYER_REACH_${name} ${reach})
  set_property(GLOBAL PROPERTY TRACEDOC_LAYER_HEADERS_${name} ${arg_HEADERS})
  set_property(GLOBAL PROPERTY TRACEDOC_LAYER_LINKS_${name} ${arg_LINKS})
endfunction()
