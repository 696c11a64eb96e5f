# Shared by the ci/ scripts: logging and Debian package installation.
# shellcheck shell=bash

log() { printf '\033[1m[%s]\033[0m %s\n' "${0##*/}" "$*" >&2; }
die() { printf '[%s] error: %s\n' "${0##*/}" "$*" >&2; exit 2; }

# can_root: true if as_root can work here (root, or passwordless sudo).
can_root() { [ "$(id -u)" = 0 ] || { command -v sudo >/dev/null && sudo -n true 2>/dev/null; }; }

# as_root CMD...: run as root directly or through sudo; fail clearly otherwise.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif can_root; then sudo "$@"
  else die "need root or passwordless sudo to run: $*"
  fi
}

# missing_packages PKG...: prints the packages dpkg does not have installed.
missing_packages() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"
  done
}

# apt's output, per run (concurrent runs must not read each other's).
_APT_LOG=${TMPDIR:-/tmp}/scanproof-apt.$$
_apt_updated=0
# apt_update: once per run. A failing update (a secondary index mid-sync, an
# unreachable source) is tried SCANPROOF_APT_UPDATE_TRIES times (default 3, a
# pause of SCANPROOF_APT_RETRY_DELAY_S (5) x the attempt between tries); then
# the run goes on with the package lists there are and never updates again:
# what that leaves uninstallable, ensure_packages names once, with apt's reason.
# A mirror mid-sync stays so for minutes to days, and every ci/matrix run asks
# again for what the last one could not install: within
# SCANPROOF_APT_QUIET_S (600) seconds of a run whose update kept failing (a
# stamp in the user's cache), a run tries once, without pauses, unless
# SCANPROOF_APT_UPDATE_TRIES is set (30 s of retries -> 4 s here).
_apt_failed_stamp="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/scanproof/apt-update-failed"
apt_update() {
  [ "$_apt_updated" = 1 ] && return 0
  _apt_updated=1
  local i=1 tries=${SCANPROOF_APT_UPDATE_TRIES:-3} waited=0 age
  if [ -z "${SCANPROOF_APT_UPDATE_TRIES:-}" ] && [ -f "$_apt_failed_stamp" ]; then
    age=$(($(date +%s) - $(stat -c %Y "$_apt_failed_stamp")))
    if [ "$age" -ge 0 ] && [ "$age" -lt "${SCANPROOF_APT_QUIET_S:-600}" ]; then
      tries=1
      log "apt-get update kept failing in a run $age s ago: one attempt this time (SCANPROOF_APT_UPDATE_TRIES=3: three)"
    fi
  fi
  while [ "$i" -le "$tries" ]; do
    if as_root apt-get -o DPkg::Lock::Timeout=900 update -q >"$_APT_LOG.update" 2>&1; then
      rm -f "$_apt_failed_stamp"
      return 0
    fi
    # Another apt holding the lists lock is no broken index: wait for it (as for dpkg's lock).
    if grep -aqE 'Could not get lock|Unable to acquire' "$_APT_LOG.update" && [ "$waited" -lt 900 ]; then
      sleep $((2 * ${SCANPROOF_APT_RETRY_DELAY_S:-5})); waited=$((waited + 10)); continue
    fi
    log "apt-get update failed (attempt $i/$tries): $(grep -a -m1 -E '^(E|W):' "$_APT_LOG.update")"
    [ "$i" = "$tries" ] || sleep $((i * ${SCANPROOF_APT_RETRY_DELAY_S:-5}))
    i=$((i + 1))
  done
  log "apt-get update kept failing: going on with the package lists there are (no further update in this run)"
  { mkdir -p "${_apt_failed_stamp%/*}" && touch "$_apt_failed_stamp"; } 2>/dev/null || true
}

# _apt_reason PKG OUT: why apt cannot install PKG, from the output OUT of a
# simulation that included it.
_apt_reason() {
  local line
  if grep -qF -e "Unable to locate package $1" -e "Package '$1' has no installation candidate" \
      -e "Package $1 is not available" <<<"$2"; then
    echo "not in the package lists here (no such package, or its architecture's index did not download)"
  elif grep -q "unmet dependencies" <<<"$2"; then
    line=$(grep -F " $1 : " <<<"$2" | head -1)
    [ -n "$line" ] || line=$(grep -m1 -E "Depends:|Breaks:|Conflicts:" <<<"$2")
    line=$(sed 's/^ *//; s/  */ /g' <<<"$line")
    case $1 in
      *:*) echo "version skew between architectures: the ${1#*:} and $(dpkg --print-architecture) package lists are at different versions (an index that failed to download, or a mirror mid-sync; apt: ${line:-unmet dependencies})" ;;
      *) echo "unmet dependencies (apt: ${line:-see apt-get install -s $1})" ;;
    esac
  else
    echo "apt-get: $(grep -m1 '^E:' <<<"$2" || echo "exit status non-zero")"
  fi
}

# _apt_sort PKG...: adds to _apt_ok the packages apt can install (together),
# and names each other one with _apt_reason (log, APT_NOT_INSTALLED). One
# simulation (`apt-get install -s`: no download, no lock) per step: the
# packages apt names itself (not found, or with unmet dependencies of their
# own) are set aside at once; when apt names only a dependency, the set is
# halved. Foreign-architecture packages come last (ensure_packages sorts
# them), so a half is often one architecture's.
_apt_sort() {
  [ $# -gt 0 ] || return 0
  local out p named=0 rest=() why
  if out=$(apt-get install -s -q --no-install-recommends "$@" 2>&1); then _apt_ok+=" $*"; return 0; fi
  for p in "$@"; do
    if [ $# = 1 ] || grep -qF -e "Unable to locate package $p" -e "Package '$p' has no installation candidate" \
        -e "Package $p is not available" -e " $p : " <<<"$out"; then
      why=$(_apt_reason "$p" "$out")
      log "cannot install $p: $why"
      APT_NOT_INSTALLED+="$p"$'\t'"$why"$'\n'
      named=1
    else
      rest+=("$p")
    fi
  done
  if [ $named = 1 ]; then
    _apt_sort "${rest[@]}"
  else
    _apt_sort "${rest[@]:0:${#rest[@]}/2}"
    _apt_sort "${rest[@]:${#rest[@]}/2}"
  fi
}

# Transient failures an install is retried for (the others, retried, fail the same way).
_APT_TRANSIENT='Failed to fetch|Could not get lock|Unable to acquire|Temporary failure|Connection failed|Hash Sum mismatch|File has unexpected size'

# ensure_packages PKG...: installs what is missing. Packages apt cannot install
# from the lists it has are named once, each with the reason (APT_NOT_INSTALLED
# holds "PKG<tab>reason" lines for the caller), and the others are still
# installed, in one apt-get call retried only for transient failures. Returns
# non-zero if some package is still missing. Without root or sudo, and with
# SCANPROOF_DRY_RUN=1, it only names the command to run.
APT_NOT_INSTALLED=""
ensure_packages() {
  local missing installable p why i
  missing=$(missing_packages "$@" | paste -sd' ')
  [ -z "$missing" ] && return 0
  if [ "${SCANPROOF_DRY_RUN:-0}" = 1 ]; then
    log "would install: apt-get install -y --no-install-recommends $missing"
    return 1
  fi
  if ! can_root; then
    log "not root and no passwordless sudo: as root, run: apt-get install -y --no-install-recommends $missing"
    return 1
  fi
  log "installing: $missing"
  apt_update
  _apt_ok=""
  # shellcheck disable=SC2046
  _apt_sort $(tr ' ' '\n' <<<"$missing" | grep . | sort -t: -k2,2 -s)  # foreign architectures last
  installable=$_apt_ok
  for i in 1 2 3; do
    [ -n "${installable// /}" ] || break
    # shellcheck disable=SC2086
    if as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends $installable \
        >"$_APT_LOG.install" 2>&1; then
      break
    fi
    log "apt-get install failed (attempt $i/3): $(grep -a -m1 -E '^E:' "$_APT_LOG.install")"
    grep -aqE "$_APT_TRANSIENT" "$_APT_LOG.install" || break
    sleep $((i * ${SCANPROOF_APT_RETRY_DELAY_S:-5}))
  done
  missing=$(missing_packages "$@" | paste -sd' ')
  [ -z "$missing" ] && return 0
  for p in $missing; do
    case $APT_NOT_INSTALLED in "$p"$'\t'*|*$'\n'"$p"$'\t'*) continue ;; esac  # named above
    why="apt-get install failed: $(grep -a -m1 -E '^E:' "$_APT_LOG.install" || echo "see $_APT_LOG.install")"
    log "could not install $p: $why"
    APT_NOT_INSTALLED+="$p"$'\t'"$why"$'\n'
  done
  return 1
}
