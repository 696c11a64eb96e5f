# `cmake --install` exports the scanproof CMake package, so another project can
#   find_package(scanproof CONFIG REQUIRED)
#   scanproof_add_candidates(my_scanners.cpp ...)
# and get the same conformance tests (ScanproofAddCandidates.cmake). Installed:
# the public headers, scanproof_core, scanproof_checks and the command line it
# answers `list` and `eval` with (scanproof_command_line), the catalogue as a
# static library that consumers link whole (its entries register themselves at
# static-initialisation time and nothing references them, so a plain archive
# would drop them), and the conformance driver's sources.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(SCANPROOF_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/scanproof")
set(SCANPROOF_INSTALL_DRIVERDIR "${CMAKE_INSTALL_DATADIR}/scanproof/driver")
set(SCANPROOF_INSTALL_OPS_DEF "${CMAKE_INSTALL_INCLUDEDIR}/scanproof/ops.def")  # the op table, for ScanproofOps.cmake

add_library(scanproof_catalogue_archive STATIC $<TARGET_OBJECTS:scanproof_catalogue>)
target_link_libraries(scanproof_catalogue_archive INTERFACE scanproof_core)
set_target_properties(scanproof_catalogue_archive PROPERTIES
  OUTPUT_NAME scanproof_catalogue EXPORT_NAME catalogue)
set_target_properties(scanproof_core PROPERTIES EXPORT_NAME core)
set_target_properties(scanproof_checks PROPERTIES EXPORT_NAME checks)
set_target_properties(scanproof_command_line PROPERTIES EXPORT_NAME command_line)  # the driver's `list`, `eval`
set_target_properties(scanproof_warnings PROPERTIES EXPORT_NAME warnings)  # LINK_ONLY of the above
target_compile_features(scanproof_core INTERFACE cxx_std_20)
if(SCANPROOF_SANITIZE)
  # The archives need the sanitizer runtimes wherever they are linked.
  target_link_options(scanproof_core INTERFACE
    $<INSTALL_INTERFACE:-fsanitize=address,undefined>)
endif()

install(TARGETS scanproof_core scanproof_checks scanproof_command_line scanproof_catalogue_archive scanproof_warnings
  EXPORT scanproofTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY "${PROJECT_SOURCE_DIR}/impl/core/include/" "${PROJECT_SOURCE_DIR}/conformance/include/"
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# command_json.hpp stays out: it would expose nlohmann-json (impl/json).
install(FILES "${PROJECT_SOURCE_DIR}/impl/command_line/include/scanproof/command_line.hpp"
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/scanproof)
install(FILES
  "${PROJECT_SOURCE_DIR}/conformance/conformance_test.cpp"
  "${PROJECT_SOURCE_DIR}/conformance/signal_report.cpp"
  "${PROJECT_SOURCE_DIR}/conformance/signal_report.hpp"
  "${PROJECT_SOURCE_DIR}/conformance/oracle_table.cpp"
  DESTINATION ${SCANPROOF_INSTALL_DRIVERDIR})
install(EXPORT scanproofTargets NAMESPACE scanproof:: DESTINATION ${SCANPROOF_INSTALL_CMAKEDIR})

configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/scanproofConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/scanproofConfig.cmake"
  INSTALL_DESTINATION ${SCANPROOF_INSTALL_CMAKEDIR}
  PATH_VARS SCANPROOF_INSTALL_DRIVERDIR SCANPROOF_INSTALL_OPS_DEF)
write_basic_package_version_file("${PROJECT_BINARY_DIR}/scanproofConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES
  "${PROJECT_BINARY_DIR}/scanproofConfig.cmake"
  "${PROJECT_BINARY_DIR}/scanproofConfigVersion.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/ScanproofCandidates.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/ScanproofAddCandidates.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/ScanproofRust.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/ScanproofDirectives.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/ScanproofOps.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/ScanproofLaunch.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/ScanproofDriverTests.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/scanproof-discover.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/scanproof-judge-table.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/scanproof-fail.cmake"
  DESTINATION ${SCANPROOF_INSTALL_CMAKEDIR})
install(FILES "${PROJECT_SOURCE_DIR}/cmake/probe/candidate_probe.cpp" DESTINATION ${SCANPROOF_INSTALL_CMAKEDIR}/probe)
install(FILES "${PROJECT_SOURCE_DIR}/cmake/sandbox/scanproof-sandbox.c" "${PROJECT_SOURCE_DIR}/cmake/sandbox/ScanproofSandbox.cmake"
  DESTINATION ${SCANPROOF_INSTALL_CMAKEDIR}/sandbox)
install(PROGRAMS "${PROJECT_SOURCE_DIR}/cmake/scanproof-launch" DESTINATION ${SCANPROOF_INSTALL_CMAKEDIR})
