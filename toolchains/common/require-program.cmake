# scanproof_require_program(<program> [<var>]): fails the configure, naming the
# target's Debian packages (SCANPROOF_PACKAGES of the including toolchain
# file), when <program> is not installed; otherwise sets <var>, if given, to
# its full path. Every toolchain file checks its compiler and its emulator
# with it: a missing one is reported here, not as a failing compiler check or
# a test that cannot start. Works in script mode too (ci/lib/emulator.cmake).
function(scanproof_require_program program)
  find_program(_scanproof_found NAMES ${program} NO_CACHE)
  if(NOT _scanproof_found)
    set(_target "<target>")  # the toolchain file's name (TOOLCHAIN: ci/lib/emulator.cmake)
    foreach(_file IN ITEMS "${CMAKE_TOOLCHAIN_FILE}" "${TOOLCHAIN}")
      if(_file)
        cmake_path(GET _file STEM _target)
      endif()
    endforeach()
    message(FATAL_ERROR "scanproof: ${program} not found; target ${_target} needs the Debian "
      "package(s) ${SCANPROOF_PACKAGES} (apt-get install ${SCANPROOF_PACKAGES}, or "
      "ci/setup --targets ${_target})")
  endif()
  if(ARGC GREATER 1)
    set(${ARGV1} ${_scanproof_found} PARENT_SCOPE)
  endif()
endfunction()
