# ctest's proof.missing_dependencies / proof.not_built: fails, saying what is missing.
message(FATAL_ERROR "scanproof: the proof tests did not run: ${MISSING}")
