// Internal to the core: whether this platform can fork (SCANPROOF_CAN_FORK)
// and the POSIX headers the supervisor's children need. One place for the
// decision, read by supervise.cpp and supervise_batch.cpp.
#pragma once
#if defined(__unix__) && !defined(__wasi__)
#define SCANPROOF_CAN_FORK 1
#include <signal.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif
#else
#define SCANPROOF_CAN_FORK 0
#endif
