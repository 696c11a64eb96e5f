# alpha-ev56: the alpha target's code run as `qemu-alpha -cpu ev56`, an Alpha
# without the count extension CIX: AMASK reports no CIX, so the entries using
# CTTZ/CTLZ/CTPOP (built for EV67, which an EV56 traps on) are skipped with
# the reason; everything else must conform. The Alpha twin of x86_64-core2.
# Its facts (triple, Debian packages, emulator, ...) are data: alpha-ev56.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/alpha-ev56.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
