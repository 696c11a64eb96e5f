# A target's Rust standard library without multiarch, for ci/setup.
# shellcheck shell=bash
#
# libstd-rust-dev:<arch> is rlibs (plain files: Debian's rustc reads them from
# <sysroot>/lib/rustlib/<triple>/lib), yet apt installs it only with the
# foreign architecture's libc, libxml2, liblzma5 ... at exactly the host's
# versions: a mirror mid-sync for that architecture ("version skew between
# architectures") refuses it although nothing of it needs to run. Then
# rust_std_from_deb fetches the .deb of Debian's rustc's very version
# (`apt-get download`: no dependencies) and unpacks its lib/rustlib/<triple>
# into a sysroot of the suite's own, never into rustc's (/usr/lib/rustlib is
# dpkg's), so nothing of it needs root:
#
#   <sysroots>/<rustc's version>/           a private sysroot (rust_sysroots_dir)
#     scanproof-sysroot                     rustc=, version=, rustc-version=: whose it is
#     lib/rustlib/<host triple>             a link to rustc's own (build scripts, proc macros)
#     lib/rustlib/<triple>/lib/*.rlib       the unpacked std
#     lib/rustlib/<triple>/scanproof-unpacked-from-deb   package=, version=, deb=, why=
#
# cmake/ScanproofRust.cmake looks in the same directory and runs that rustc
# with --sysroot <it> for a target whose std is only there. The .deb's
# libstd-*.so / libtest-*.so links point at libstd-rust-<ver>:<arch>'s
# dylibs, which are left out: a staticlib (all scanproof builds) needs only
# the rlibs.

# The marker of an unpacked std, in <sysroot>/lib/rustlib/<triple>/ (not in
# lib/: no rustc glob sees it), and of a private sysroot, at its top.
RUST_STD_MARKER=scanproof-unpacked-from-deb
RUST_SYSROOT_MARKER=scanproof-sysroot

# rust_std_rustc: Debian's rustc, whose stds these are; SCANPROOF_SETUP_RUSTC
# overrides it (ci/tests/setup-rust-std-from-deb: a stub).
rust_std_rustc() { echo "${SCANPROOF_SETUP_RUSTC:-/usr/bin/rustc}"; }

# rust_std_sysroot: that rustc's own sysroot (/usr).
rust_std_sysroot() { "$(rust_std_rustc)" --print sysroot 2>/dev/null || echo /usr; }

# rust_sysroots_dir: where the private sysroots are, one per rustc version:
# $SCANPROOF_RUST_SYSROOTS, else ${XDG_CACHE_HOME:-~/.cache}/scanproof/rust-sysroot
# (cmake/ScanproofRust.cmake: _scanproof_rust_sysroots_dir, the same rule).
rust_sysroots_dir() {
  if [ -n "${SCANPROOF_RUST_SYSROOTS:-}" ]; then echo "$SCANPROOF_RUST_SYSROOTS"; return; fi
  echo "${XDG_CACHE_HOME:-$HOME/.cache}/scanproof/rust-sysroot"
}

# rust_host_version: the version of Debian's rustc package installed here
# (empty: none). A foreign std must be of the very same version.
rust_host_version() {
  dpkg-query -W -f='${Status}\t${Version}\n' rustc 2>/dev/null | sed -n 's/^install ok installed\t//p'
}

# _rust_std_field DIR KEY: a field of the marker in DIR (empty: no marker).
_rust_std_field() {
  [ -f "$1/$RUST_STD_MARKER" ] && sed -n "s/^$2=//p" "$1/$RUST_STD_MARKER" | head -1
  return 0
}

# _rust_std_do WHAT CMD...: says WHAT and runs CMD (the private sysroots are
# the user's: no root); with --dry-run, says it would.
_rust_std_do() {
  local what=$1; shift
  if [ "${SCANPROOF_DRY_RUN:-0}" = 1 ]; then
    log "would $what: $*"
  else
    log "${what^}: $*"
    "$@"
  fi
}

# _rust_std_root WHAT CMD...: the same as root (rustc's own sysroot); with
# --dry-run or without root, says it would.
_rust_std_root() {
  local what=$1; shift
  if [ "${SCANPROOF_DRY_RUN:-0}" = 1 ] || ! can_root; then
    log "would $what: $*"
  else
    log "${what^}: $*"
    as_root "$@"
  fi
}

# rust_sysroot_make DIR VERSION: DIR as a sysroot for Debian's rustc at
# VERSION: rustc's host std linked in, the marker written. Says what is
# wrong and returns 1 when rustc cannot say its host.
rust_sysroot_make() {
  local dir=$1 ver=$2 rustc host own
  rustc=$(rust_std_rustc)
  host=$("$rustc" -vV 2>/dev/null | sed -n 's/^host: //p')
  own=$(rust_std_sysroot)/lib/rustlib/$host
  if [ -z "$host" ] || [ ! -d "$own" ]; then
    log "cannot complete the sysroot $dir: $rustc names no host std (its -vV: host '${host:-none}', $own)"
    return 1
  fi
  mkdir -p "$dir/lib/rustlib"
  [ "$(readlink "$dir/lib/rustlib/$host" 2>/dev/null)" = "$own" ] || ln -sfn "$own" "$dir/lib/rustlib/$host"
  printf 'rustc=%s\nversion=%s\nrustc-version=%s\n' "$(readlink -f "$rustc")" "$ver" "$("$rustc" -V 2>/dev/null)" \
    >"$dir/$RUST_SYSROOT_MARKER"
}

# _rust_std_unpacked TRIPLE: each directory under the private sysroots
# where ci/setup unpacked TRIPLE's std (any rustc version).
_rust_std_unpacked() {
  local m
  for m in "$(rust_sysroots_dir)"/*/lib/rustlib/"$1"/"$RUST_STD_MARKER"; do
    [ -f "$m" ] && dirname "$m"
  done
  return 0
}

# _rust_std_drop DIR WHAT: removes the unpacked std DIR, and its sysroot
# when no other unpacked std is left in it.
_rust_std_drop() {
  local dir=$1 root
  root=${dir%/lib/rustlib/*}
  _rust_std_do "$2" rm -rf "$dir"
  [ "${SCANPROOF_DRY_RUN:-0}" = 1 ] && return 0
  compgen -G "$root/lib/rustlib/*/$RUST_STD_MARKER" >/dev/null || rm -rf "$root"
}

# rust_std_check PKG TRIPLE: before apt, what ci/setup put there earlier.
# Returns 0 (and logs the route) when TRIPLE's std was unpacked from PKG's
# .deb at the installed rustc's version into its private sysroot and is
# complete: nothing to install. Otherwise 1. On the way: a std that an older
# ci/setup unpacked into rustc's own sysroot is moved out of it (to the
# private sysroot, if of this rustc's version); one unpacked for another
# rustc version is removed (no rustc of that version is here to read it);
# one that apt has since installed makes the unpacked one redundant, removed.
rust_std_check() {
  local pkg=$1 triple=$2 ver old dir private dest
  ver=$(rust_host_version)
  private=$(rust_sysroots_dir)/$ver
  dest=$private/lib/rustlib/$triple
  old=$(rust_std_sysroot)/lib/rustlib/$triple
  if [ -f "$old/$RUST_STD_MARKER" ]; then
    if [ -z "$(missing_packages "$pkg")" ]; then
      _rust_std_root "drop the marker of a std apt has installed since" rm -f "$old/$RUST_STD_MARKER"
    else
      if [ -n "$ver" ] && [ "$(_rust_std_field "$old" version)" = "$ver" ] && [ ! -e "$dest" ]; then
        _rust_std_do "copy the std an earlier ci/setup unpacked into rustc's sysroot to the private one" \
          mkdir -p "$private/lib/rustlib"
        [ "${SCANPROOF_DRY_RUN:-0}" = 1 ] || { cp -a "$old" "$dest" && rust_sysroot_make "$private" "$ver"; } || true
      fi
      _rust_std_root "remove the std an earlier ci/setup unpacked into rustc's own sysroot (dpkg's; unpacked stds go to $(rust_sysroots_dir) now)" \
        rm -rf "$old"
    fi
  fi
  if [ -z "$(missing_packages "$pkg")" ]; then  # apt's is in rustc's own sysroot
    while IFS= read -r dir; do
      _rust_std_drop "$dir" "remove the std unpacked for $triple (apt has installed $pkg since)"
    done < <(_rust_std_unpacked "$triple")
    return 1
  fi
  [ -n "$ver" ] || return 1  # no rustc yet (apt installs it next): nothing to judge by
  while IFS= read -r dir; do
    [ "$dir" = "$dest" ] && [ "$(_rust_std_field "$dir" version)" = "$ver" ] && continue
    _rust_std_drop "$dir" "remove the std unpacked for rustc $(_rust_std_field "$dir" version) (rustc here: ${ver:-none})"
  done < <(_rust_std_unpacked "$triple")
  if [ -f "$dest/$RUST_STD_MARKER" ] && compgen -G "$dest/lib/libstd-*.rlib" >/dev/null &&
      rust_sysroot_make "$private" "$ver"; then
    log "Rust std for $triple: unpacked from $(_rust_std_field "$dest" deb) (apt refused: $(_rust_std_field "$dest" why)), in $dest since an earlier run"
    return 0
  fi
  return 1
}

# rust_std_plan PKG TRIPLE WHY: with --dry-run or without root, the commands
# that the .deb route would run (WHY: why apt may refuse PKG).
rust_std_plan() {
  local pkg=$1 triple=$2 ver
  ver=$(rust_host_version)
  [ -n "$ver" ] || ver="<the version of the rustc package>"
  log "if apt refuses $pkg ($3), its .deb instead: apt-get download $pkg=$ver &&" \
    "dpkg -x ${pkg%%:*}_${ver}_${pkg#*:}.deb <dir> && mv <dir>/usr/lib/rustlib/$triple $(rust_sysroots_dir)/$ver/lib/rustlib/" \
    "(a sysroot of its own, with rustc's host std linked in; no root needed)"
}

# rust_std_from_deb PKG TRIPLE WHY: PKG (libstd-rust-dev:<arch>) could not be
# installed by apt (WHY, short); fetch its .deb at the installed rustc's
# version and unpack its lib/rustlib/TRIPLE into the private sysroot of that
# version, with the marker. 0: done, the route logged; 1: not, the reason logged.
rust_std_from_deb() {
  local pkg=$1 triple=$2 why=$3 ver private dest tmp deb debver stage i err
  ver=$(rust_host_version)
  if [ -z "$ver" ]; then
    log "cannot unpack $pkg from its .deb: Debian's rustc is not installed (the std must be of its very version)"
    return 1
  fi
  private=$(rust_sysroots_dir)/$ver
  dest=$private/lib/rustlib/$triple
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
  # rustc reads only a std built with it: the .deb must be of its very version.
  debver=$(dpkg-deb -f "$tmp/$deb" Version 2>/dev/null) || true
  if [ "$debver" != "$ver" ]; then
    log "cannot use $deb: it is ${pkg%%:*} ${debver:-of no readable version}, and Debian's rustc here is $ver (a Rust std is read only by the rustc it was built with)"
    rm -rf "$tmp"
    return 1
  fi
  # Unpacked next to its place (one file system: the move is a rename).
  stage=$private/lib/rustlib/.scanproof-unpack-$triple
  rm -rf "$stage"
  mkdir -p "$stage"
  if ! dpkg -x "$tmp/$deb" "$stage" >"$_APT_LOG.unpack" 2>&1; then
    log "cannot unpack $pkg: dpkg -x $deb: $(head -1 "$_APT_LOG.unpack")"
    rm -rf "$stage" "$tmp"
    return 1
  fi
  if ! compgen -G "$stage/usr/lib/rustlib/$triple/lib/libstd-*.rlib" >/dev/null; then
    log "cannot unpack $pkg: $deb has no usr/lib/rustlib/$triple/lib/libstd-*.rlib"
    rm -rf "$stage" "$tmp"
    return 1
  fi
  printf 'package=%s\nversion=%s\ndeb=%s\nwhy=%s\n' "$pkg" "$ver" "$deb" "$why" \
    >"$stage/usr/lib/rustlib/$triple/$RUST_STD_MARKER"
  rm -rf "$dest"
  mv "$stage/usr/lib/rustlib/$triple" "$dest"
  rm -rf "$stage" "$tmp"
  rust_sysroot_make "$private" "$ver" || return 1
  log "Rust std for $triple: unpacked from $deb (apt refused: $why) into $dest, a sysroot of the suite's own (rustc --sysroot $private)"
}
