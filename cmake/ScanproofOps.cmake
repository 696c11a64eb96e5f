# The op table (impl/core/include/scanproof/ops.def: one
# SCANPROOF_OP(name, C_NAME, scan|pop, scan) row a line) for the CMake that
# matches op names, so that a new op is one row there, not a list per file:
#   global property SCANPROOF_OPS          the names, in the table's order
#   global property SCANPROOF_OP_C_NAMES   candidate.h's spellings (POP_LSB)
# Global, not variables: the functions that read them are called from other
# directories than the one that included this file. An installed package
# reads the installed header (scanproofConfig.cmake sets SCANPROOF_OPS_DEF).
include_guard(GLOBAL)
if(NOT SCANPROOF_OPS_DEF)
  set(SCANPROOF_OPS_DEF "${CMAKE_CURRENT_LIST_DIR}/../impl/core/include/scanproof/ops.def")
endif()
file(STRINGS "${SCANPROOF_OPS_DEF}" _scanproof_op_rows REGEX "^SCANPROOF_OP\\(")
set(_scanproof_ops "")
set(_scanproof_op_c_names "")
foreach(row IN LISTS _scanproof_op_rows)
  if(NOT row MATCHES "^SCANPROOF_OP\\(([a-z0-9_]+), ([A-Z0-9_]+), (scan|pop), ([a-z0-9_]+)\\)$")
    message(FATAL_ERROR "scanproof: ${SCANPROOF_OPS_DEF}: '${row}' is not SCANPROOF_OP(name, C_NAME, scan|pop, scan)")
  endif()
  list(APPEND _scanproof_ops "${CMAKE_MATCH_1}")
  list(APPEND _scanproof_op_c_names "${CMAKE_MATCH_2}")
endforeach()
set_property(GLOBAL PROPERTY SCANPROOF_OPS "${_scanproof_ops}")
set_property(GLOBAL PROPERTY SCANPROOF_OP_C_NAMES "${_scanproof_op_c_names}")
if(NOT CMAKE_SCRIPT_MODE_FILE)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${SCANPROOF_OPS_DEF}")  # a new row reconfigures
endif()
unset(_scanproof_op_rows)
unset(_scanproof_ops)
unset(_scanproof_op_c_names)
