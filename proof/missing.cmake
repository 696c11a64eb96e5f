# ctest's proof.missing_dependencies / proof.not_built: fails, naming what is missing.
message(FATAL_ERROR "scanproof: the proof tests did not run: missing ${MISSING}. "
                    "Install clang-19, llvm-19-dev and libz3-dev (apt-get install), reconfigure "
                    "and build scanproof_prove.")
