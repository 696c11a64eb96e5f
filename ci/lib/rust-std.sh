# A target's Rust standard library without multiarch, for ci/setup.
# shellcheck shell=bash
#
# libstd-rust-dev:<arch> is rlibs (plain files: Debian's rustc reads them from
# <sysroot>/lib/rustlib/<triple>/lib), yet apt installs it only with the
# foreign architecture's libc, libxml2, liblzma5 ... at exactly the host's
# versions: a mirror mid-sync for that architecture ("version skew between
# architectures") refuses it although nothing of it needs to run. Then
# rust_std_from_deb fetches the .deb of the host rustc's very version
# (`apt-get download`: no dependencies) and unpacks its lib/rustlib/<triple>
# into rustc's sysroot, with a marker file that records the route. The .deb's
# libstd-*.so / libtest-*.so links point at libstd-rust-<ver>:<arch>'s
# dylibs, which are left out: a staticlib (all scanproof builds) needs only
# the rlibs.

# The marker, in <sysroot>/lib/rustlib/<triple>/ (not in lib/: no rustc glob
# sees it): package=, version=, deb=, why= lines.
RUST_STD_MARKER=scanproof-unpacked-from-deb

# rust_std_sysroot: Debian's rustc's sysroot (/usr); SCANPROOF_SETUP_RUST_SYSROOT
# overrides it (ci/tests/setup-rust-std-from-deb).
rust_std_sysroot() {
  if [ -n "${SCANPROOF_SETUP_RUST_SYSROOT:-}" ]; then echo "$SCANPROOF_SETUP_RUST_SYSROOT"; return; fi
  /usr/bin/rustc --print sysroot 2>/dev/null || echo /usr
}

# rust_host_version: the version of Debian's rustc package installed here
# (empty: none). A foreign std must be of the very same version.
rust_host_version() {
  dpkg-query -W -f='${Status}\t${Version}\n' rustc 2>/dev/null | sed -n 's/^install ok installed\t//p'
}

# _rust_std_field TRIPLE KEY: a field of TRIPLE's marker (empty: no marker).
_rust_std_field() {
  local f
  f=$(rust_std_sysroot)/lib/rustlib/$1/$RUST_STD_MARKER
  [ -f "$f" ] && sed -n "s/^$2=//p" "$f" | head -1
  return 0
}

# rust_std_check PKG TRIPLE: before apt, what ci/setup put there earlier.
# Returns 0 (and logs the route) when TRIPLE's std was unpacked from PKG's
# .deb at the installed rustc's version and is complete: nothing to install.
# Otherwise 1; an unpacked std of another rustc version is removed first (two
# libstd-*.rlib would make every build ambiguous), and a marker left in a
# directory that dpkg now owns (apt installed PKG over it) is dropped.
rust_std_check() {
  local pkg=$1 triple=$2 dest ver
  dest=$(rust_std_sysroot)/lib/rustlib/$triple
  [ -f "$dest/$RUST_STD_MARKER" ] || return 1
  if [ -z "$(missing_packages "$pkg")" ]; then
    _rust_std_root "drop the marker of a std apt has installed since" rm -f "$dest/$RUST_STD_MARKER"
    return 1
  fi
  ver=$(rust_host_version)
  if [ -n "$ver" ] && [ "$(_rust_std_field "$triple" version)" = "$ver" ] &&
      compgen -G "$dest/lib/libstd-*.rlib" >/dev/null; then
    log "Rust std for $triple: unpacked from $(_rust_std_field "$triple" deb) (apt refused: $(_rust_std_field "$triple" why)), in $dest since an earlier run"
    return 0
  fi
  _rust_std_root "remove the std unpacked for rustc $(_rust_std_field "$triple" version) (rustc here: ${ver:-none})" rm -rf "$dest"
  return 1
}

# _rust_std_root WHAT CMD...: says WHAT, and runs CMD as root; with --dry-run
# or without root, says it would.
_rust_std_root() {
  local what=$1; shift
  if [ "${SCANPROOF_DRY_RUN:-0}" = 1 ] || ! can_root; then
    log "would $what: $*"
  else
    log "${what^}: $*"
    as_root "$@"
  fi
}

# rust_std_plan PKG TRIPLE WHY: with --dry-run or without root, the commands
# that the .deb route would run (WHY: why apt may refuse PKG).
rust_std_plan() {
  local pkg=$1 triple=$2 ver
  ver=$(rust_host_version)
  [ -n "$ver" ] || ver="<the version of the rustc package>"
  log "if apt refuses $pkg ($3), its .deb instead: apt-get download $pkg=$ver &&" \
    "dpkg -x ${pkg%%:*}_${ver}_${pkg#*:}.deb <dir> && (as root) cp -a <dir>/usr/lib/rustlib/$triple $(rust_std_sysroot)/lib/rustlib/"
}

# rust_std_from_deb PKG TRIPLE WHY: PKG (libstd-rust-dev:<arch>) could not be
# installed by apt (WHY, short); fetch its .deb at the installed rustc's
# version and unpack its lib/rustlib/TRIPLE into rustc's sysroot, with the
# marker. 0: done, the route logged; 1: not, the reason logged.
rust_std_from_deb() {
  local pkg=$1 triple=$2 why=$3 ver sysroot dest tmp deb stage i err
  ver=$(rust_host_version)
  if [ -z "$ver" ]; then
    log "cannot unpack $pkg from its .deb: Debian's rustc is not installed (the std must be of its very version)"
    return 1
  fi
  sysroot=$(rust_std_sysroot)
  dest=$sysroot/lib/rustlib/$triple
  if [ -e "$dest" ] && [ ! -f "$dest/$RUST_STD_MARKER" ]; then
    log "cannot unpack $pkg from its .deb: $dest exists and ci/setup did not put it there (left as it is)"
    return 1
  fi
  tmp=$(mktemp -d)
  for i in 1 2 3; do
    if (cd "$tmp" && apt-get download -q "$pkg=$ver") >"$_APT_LOG.download" 2>&1; then break; fi
    err=$(grep -a -m1 '^E:' "$_APT_LOG.download" || echo "exit status non-zero")
    if [ "$i" = 3 ] || ! grep -aqE "$_APT_TRANSIENT" "$_APT_LOG.download"; then
      log "cannot download $pkg=$ver either: apt-get download: $err"
      rm -rf "$tmp"
      return 1
    fi
    sleep $((i * ${SCANPROOF_APT_RETRY_DELAY_S:-5}))
  done
  deb=$(cd "$tmp" && compgen -G "${pkg%%:*}_*_${pkg#*:}.deb" | head -1) || true
  if [ -z "$deb" ]; then
    log "cannot unpack $pkg: apt-get download left no ${pkg%%:*}_*_${pkg#*:}.deb"
    rm -rf "$tmp"
    return 1
  fi
  # Unpacked next to its place (one file system: the move is a rename).
  stage=$sysroot/lib/rustlib/.scanproof-unpack-$triple
  as_root rm -rf "$stage"
  as_root mkdir -p "$stage"
  if ! as_root dpkg -x "$tmp/$deb" "$stage" >"$_APT_LOG.unpack" 2>&1; then
    log "cannot unpack $pkg: dpkg -x $deb: $(head -1 "$_APT_LOG.unpack")"
    as_root rm -rf "$stage" "$tmp"
    return 1
  fi
  if ! compgen -G "$stage/usr/lib/rustlib/$triple/lib/libstd-*.rlib" >/dev/null; then
    log "cannot unpack $pkg: $deb has no usr/lib/rustlib/$triple/lib/libstd-*.rlib"
    as_root rm -rf "$stage" "$tmp"
    return 1
  fi
  printf 'package=%s\nversion=%s\ndeb=%s\nwhy=%s\n' "$pkg" "$ver" "$deb" "$why" |
    as_root tee "$stage/usr/lib/rustlib/$triple/$RUST_STD_MARKER" >/dev/null
  as_root rm -rf "$dest"
  as_root mv "$stage/usr/lib/rustlib/$triple" "$dest"
  as_root rm -rf "$stage" "$tmp"
  log "Rust std for $triple: unpacked from $deb (apt refused: $why) into $dest"
}
