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

_apt_updated=0
# apt_update: once per run, retrying while the mirror says "Mirror sync in
# progress" or a secondary index fails; a partial update is not fatal.
apt_update() {
  [ "$_apt_updated" = 1 ] && return 0
  local i
  for i in 1 2 3 4 5; do
    if as_root apt-get -o DPkg::Lock::Timeout=900 update -q >/tmp/scanproof-apt-update.log 2>&1; then _apt_updated=1; return 0; fi
    log "apt-get update failed (attempt $i/5): $(grep -m1 -E 'E:|W:' /tmp/scanproof-apt-update.log)"
    sleep $((i * 5))
  done
  log "apt-get update kept failing; trying to install from the lists we have"
  _apt_updated=1
}

# ensure_packages PKG...: installs what is missing, retrying; returns non-zero
# (after naming them) if some packages could not be installed. Without root or
# sudo, and with SCANPROOF_DRY_RUN=1, it only names the command to run.
ensure_packages() {
  local missing i
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
  for i in 1 2 3; do
    # shellcheck disable=SC2086
    if as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends $missing \
        >/tmp/scanproof-apt-install.log 2>&1; then
      return 0
    fi
    log "apt-get install failed (attempt $i/3): $(grep -m1 -E '^E:' /tmp/scanproof-apt-install.log)"
    _apt_updated=0; apt_update; sleep $((i * 5))
  done
  missing=$(missing_packages "$@" | paste -sd' ')
  [ -z "$missing" ] && return 0
  log "could not install: $missing"
  return 1
}
