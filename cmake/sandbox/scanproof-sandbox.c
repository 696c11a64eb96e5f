/* scanproof-sandbox [--hide PATH]... [--read-only PATH]... [--allow PATH]... -- COMMAND [ARGS...]
 *
 * Runs COMMAND (a driver, or the emulator in front of one: qemu-user, Wine,
 * Node) where the code under test can reach nothing the judge trusts
 * (the threat model, docs/contracts.md): with Linux's Landlock (unprivileged, inherited by
 * every process COMMAND starts, kept across execve), each --hide PATH (the
 * judge's tables) can be neither read nor written, each --read-only PATH
 * (the pinned input files) not written, and no process inside may signal
 * one outside it (the launcher, ctest, a sibling test's batch). An --allow
 * PATH inside a hidden one is granted whole (a test's own run directory
 * among all the running tests'). Everything else stays as it was: the
 * tests read and write where they did.
 *
 * Landlock grants, it cannot deny: "all but PATH" is every sibling along
 * the path from / to PATH granted, PATH not. A directory on such a path
 * (an ancestor of a hidden or read-only path) can still be walked through,
 * listed and its files opened, but nothing new is made directly in it (the
 * tests make nothing there: they write in their own directories, and the
 * launcher's TMPDIR). Any directory can be listed, a hidden one too: a name
 * is no secret, a table's contents are.
 *
 * Exit 125 with the reason when the sandbox cannot be made (a kernel without
 * Landlock, a path that is not there): the launcher decides what that means
 * (SCANPROOF_SANDBOX, cmake/scanproof-launch). `--probe` prints the
 * kernel's Landlock ABI version and exits 0 if it can sandbox here.
 *
 * The launcher, the judge's awk and this program never load candidate code.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#define __NR_landlock_add_rule 445
#define __NR_landlock_restrict_self 446
#endif

/* The kernel's ABI (linux/landlock.h), spelled here: Debian's headers stop
 * at ABI 2, the running kernel may be newer. */
enum {
  FS_EXECUTE = 1 << 0, FS_WRITE_FILE = 1 << 1, FS_READ_FILE = 1 << 2, FS_READ_DIR = 1 << 3,
  FS_REMOVE_DIR = 1 << 4, FS_REMOVE_FILE = 1 << 5, FS_MAKE_CHAR = 1 << 6, FS_MAKE_DIR = 1 << 7,
  FS_MAKE_REG = 1 << 8, FS_MAKE_SOCK = 1 << 9, FS_MAKE_FIFO = 1 << 10, FS_MAKE_BLOCK = 1 << 11,
  FS_MAKE_SYM = 1 << 12, FS_REFER = 1 << 13, FS_TRUNCATE = 1 << 14, FS_IOCTL_DEV = 1 << 15,
  SCOPE_SIGNAL = 1 << 1, RULE_PATH_BENEATH = 1, CREATE_RULESET_VERSION = 1
};
struct ruleset_attr {
  uint64_t handled_access_fs, handled_access_net, scoped;
};
struct path_beneath_attr {
  uint64_t allowed_access;
  int32_t parent_fd;
} __attribute__((packed));

static const char* me = "scanproof-sandbox";
static uint64_t all_fs;        /* the rights this kernel handles */
static int ruleset = -1;
static const char** hidden;    /* realpaths */
static const char** read_only;
static const char** allowed;
static int n_hidden, n_read_only, n_allowed;

static void fail(const char* what, const char* path) {
  fprintf(stderr, "%s: cannot sandbox: %s%s%s: %s\n", me, what, path ? " " : "", path ? path : "", strerror(errno));
  exit(125);
}

/* 1 if `dir` is `path` or one of its ancestors. */
static int leads_to(const char* dir, const char* path) {
  size_t n = strlen(dir);
  if (strcmp(dir, "/") == 0) return 1;
  return strncmp(dir, path, n) == 0 && (path[n] == '/' || path[n] == 0);
}

static int in_list(const char* path, const char** list, int n) {
  for (int i = 0; i < n; ++i)
    if (strcmp(path, list[i]) == 0) return 1;
  return 0;
}

static void grant(const char* path, uint64_t rights) {
  const int fd = open(path, O_PATH | O_CLOEXEC);
  if (fd < 0) return; /* gone since it was listed: nothing to grant */
  struct stat st;
  if (fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode))
    rights &= FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV; /* a file's rights */
  struct path_beneath_attr rule = {rights & all_fs, fd};
  if (syscall(__NR_landlock_add_rule, ruleset, RULE_PATH_BENEATH, &rule, 0) != 0) fail("a rule for", path);
  close(fd);
}

static int leads_to_any(const char* path, const char** list, int n) {
  for (int i = 0; i < n; ++i)
    if (leads_to(path, list[i])) return 1;
  return 0;
}

/* Grants every entry of `dir` (an ancestor of a hidden, read-only or allowed
 * path) as it should be: its own entries in full, the read-only ones for
 * reading, the hidden ones not at all (but the allowed paths inside them),
 * and the ones leading on, entry by entry. Inside a hidden directory only
 * the way to an allowed path is walked, and nothing else granted. */
static void grant_within(const char* dir, int inside_hidden) {
  DIR* d = opendir(dir);
  if (!d) fail("cannot list", dir);
  for (struct dirent* e; (e = readdir(d));) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s%s%s", dir, strcmp(dir, "/") == 0 ? "" : "/", e->d_name);
    const int to_allowed = e->d_type != DT_LNK && leads_to_any(path, allowed, n_allowed);
    if (in_list(path, allowed, n_allowed)) {
      grant(path, all_fs);
    } else if (inside_hidden || in_list(path, hidden, n_hidden)) {
      if (to_allowed) grant_within(path, 1);
    } else if (in_list(path, read_only, n_read_only)) {
      grant(path, FS_EXECUTE | FS_READ_FILE | FS_READ_DIR);
    } else if (e->d_type != DT_LNK && (to_allowed || leads_to_any(path, hidden, n_hidden) ||
                                       leads_to_any(path, read_only, n_read_only))) {
      grant_within(path, 0);
    } else {
      grant(path, all_fs);
    }
  }
  closedir(d);
}

static int abi(void) { return (int)syscall(__NR_landlock_create_ruleset, NULL, 0, CREATE_RULESET_VERSION); }

int main(int argc, char** argv) {
  hidden = calloc((size_t)argc, sizeof *hidden);
  read_only = calloc((size_t)argc, sizeof *read_only);
  allowed = calloc((size_t)argc, sizeof *allowed);
  int i = 1;
  for (; i < argc; ++i) {
    if (strcmp(argv[i], "--probe") == 0) {
      const int v = abi();
      if (v < 1) {
        fprintf(stderr, "%s: this kernel has no Landlock (%s)\n", me, strerror(errno));
        return 125;
      }
      printf("%d\n", v);
      return 0;
    }
    if (strcmp(argv[i], "--") == 0) {
      ++i;
      break;
    }
    if ((strcmp(argv[i], "--hide") == 0 || strcmp(argv[i], "--read-only") == 0 || strcmp(argv[i], "--allow") == 0) &&
        i + 1 < argc) {
      char* real = realpath(argv[i + 1], NULL);
      if (!real) fail("no such path", argv[i + 1]);
      if (argv[i][2] == 'h') hidden[n_hidden++] = real;
      else if (argv[i][2] == 'r') read_only[n_read_only++] = real;
      else allowed[n_allowed++] = real;
      ++i;
      continue;
    }
    fprintf(stderr, "usage: %s [--hide PATH]... [--read-only PATH]... [--allow PATH]... -- COMMAND [ARGS...] | --probe\n",
            me);
    return 2;
  }
  if (i >= argc) {
    fprintf(stderr, "%s: no command after --\n", me);
    return 2;
  }
  const int v = abi();
  if (v < 1) fail("this kernel has no Landlock", NULL);
  all_fs = (FS_MAKE_SYM << 1) - 1;
  if (v >= 2) all_fs |= FS_REFER;
  if (v >= 3) all_fs |= FS_TRUNCATE;
  if (v >= 5) all_fs |= FS_IOCTL_DEV;
  struct ruleset_attr attr = {all_fs, 0, v >= 6 ? SCOPE_SIGNAL : 0};
  const size_t size = v >= 6 ? sizeof attr : v >= 4 ? 2 * sizeof(uint64_t) : sizeof(uint64_t);
  ruleset = (int)syscall(__NR_landlock_create_ruleset, &attr, size, 0);
  if (ruleset < 0) fail("a ruleset", NULL);
  /* Every directory may be listed (a name is no secret; WASI's runtime opens
   * "/" to preopen it, Wine lists a directory to match a name's case): the
   * files in the hidden ones still cannot be read. */
  grant("/", FS_READ_DIR);
  if (n_hidden + n_read_only + n_allowed) grant_within("/", 0);
  else grant("/", all_fs);
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) fail("no_new_privs", NULL);
  if (syscall(__NR_landlock_restrict_self, ruleset, 0) != 0) fail("restrict_self", NULL);
  close(ruleset);
  execvp(argv[i], argv + i);
  fprintf(stderr, "%s: cannot run %s: %s\n", me, argv[i], strerror(errno));
  return 127;
}
