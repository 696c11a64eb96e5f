# Warnings for the suite's own targets (not for user candidates' consumers).
add_library(scanproof_warnings INTERFACE)
target_compile_options(scanproof_warnings INTERFACE -Wall -Wextra $<$<BOOL:${SCANPROOF_WERROR}>:-Werror>)
