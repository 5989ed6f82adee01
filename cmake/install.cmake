# Install rules: the library, its headers, the command line, a CMake package
# (find_package(tracedoc CONFIG)) and a pkg-config file.
include(CMakePackageConfigHelpers)

set(TRACEDOC_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/tracedoc)

install(TARGETS tracedoc EXPORT tracedocTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/tracedoc
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp")
install(FILES ${PROJECT_BINARY_DIR}/include/tracedoc/version.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tracedoc)
if(TRACEDOC_BUILD_CLI)
  install(TARGETS tracedoc_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

install(EXPORT tracedocTargets NAMESPACE tracedoc:: DESTINATION ${TRACEDOC_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/tracedocConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/tracedocConfig.cmake
                              INSTALL_DESTINATION ${TRACEDOC_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/tracedocConfigVersion.cmake
                                 COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/tracedocConfig.cmake
              ${PROJECT_BINARY_DIR}/tracedocConfigVersion.cmake
        DESTINATION ${TRACEDOC_CMAKE_DIR})

# The same package from the build tree, for find_package without installing.
export(EXPORT tracedocTargets NAMESPACE tracedoc::
       FILE ${PROJECT_BINARY_DIR}/tracedocTargets.cmake)

configure_file(${PROJECT_SOURCE_DIR}/cmake/tracedoc.pc.in ${PROJECT_BINARY_DIR}/tracedoc.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/tracedoc.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
