# shellcheck shell=bash
# Sourced by toolchains/run/wine and toolchains/session/wine: where Debian's
# wine64 package puts Wine, and the environment that keeps it headless.
wine=${SCANPROOF_WINE:-/usr/lib/wine/wine64}
# shellcheck disable=SC2034 # used by the scripts that source this
wineserver=$(dirname "$wine")/wineserver
if [ ! -x "$wine" ]; then
  echo "${0##*/}: $wine not found (Debian package wine64; ci/setup --targets x86_64-windows)" >&2
  exit 2
fi
# No debug channels, no display, no Mono/Gecko installers on prefix creation.
export WINEDEBUG=-all DISPLAY="" WINEDLLOVERRIDES="mscoree,mshtml="
