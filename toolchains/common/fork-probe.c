/* Does fork() work under this target's emulator? toolchains/common/cross-gnu.cmake
   runs this at configure time (with a timeout): under Debian 12's qemu-user 7.2
   the child of glibc's fork() in a dynamically linked program hangs, spinning,
   before it runs a line -- measured on qemu-i386 and (on a 6.18 kernel)
   qemu-aarch64; every other qemu here forks fine. Exit 0: it forks. */
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
  const pid_t pid = fork();
  if (pid == 0) _exit(0);
  int status = 0;
  return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
