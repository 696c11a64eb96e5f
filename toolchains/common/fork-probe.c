/* Does fork() work under this target's emulator? toolchains/common/
   emulator-forks.cmake runs this at configure time (with a timeout) and runs
   the checks without their forking supervisor where it does not. Measured
   here: when the guest loaded a multiarch libc6:<arch> beside the cross
   toolchain's loader, the child of fork() hung, spinning, under qemu-aarch64
   and qemu-i386 (cross-gnu.cmake now puts the cross sysroot first); this
   keeps such a mix, or an emulator's own bug, from hanging a whole run.
   Exit 0: it forks. */
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
  const pid_t pid = fork();
  if (pid == 0) _exit(0);
  int status = 0;
  return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
