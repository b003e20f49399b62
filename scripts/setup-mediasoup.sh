#!/usr/bin/env bash
# The mediasoup worker (the C++ media server the `mediasoup` npm package drives), built offline from
# the npm package's own `worker/` sources against Debian's libraries. The ordinary `npm install`
# downloads a prebuilt worker from GitHub, which fails here, so scripts/setup.sh runs this first
# and then `npm ci` with MEDIASOUP_WORKER_BIN set (the package then skips its download).
#
#   .tools/mediasoup-worker/<version>/mediasoup-worker   the binary, rebuilt only when the version
#                                                        pinned in package.json changes
#   ~/.cache/companion/mediasoup-worker/<version>-<recipe>/  the same binary, for other checkouts
#                                                        on the machine (COMPANION_CACHE_DIR)
#   .tools/meson/<version>/                              meson from PyPI (the worker needs >= 1.1;
#                                                        Debian 12 ships 1.0)
#
# What the build changes in the package's sources (see docs/MEDIA.md, "The worker binary"):
#   - every meson wrap in worker/subprojects (each would download a library) is replaced by a stub
#     project in scripts/mediasoup-worker/subprojects that takes the system library via pkg-config;
#   - scripts/mediasoup-worker/srtp.h maps the libsrtp 3 calls of mediasoup 3.19 onto libsrtp 2;
#   - src/RTC/DtlsTransport.cpp: the BIO callback returns `ret` for every BIO_CB_RETURN call (the
#     original compares with ==, so with Debian's KTLS-enabled OpenSSL a BIO_CB_RETURN|BIO_CB_CTRL
#     call returns 1 and the worker crashes in SSL_read on the DTLS ClientHello).
# Prints the binary's path on stdout (everything else goes to stderr). Two options print and build
# nothing, for scripts/setup.sh, which builds the worker in the background: --path, the path the
# binary has once built; --missing-packages, the apt packages the build needs that are missing (none
# when the binary is there or cached), so that they come with its own apt-get install.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '[setup] %s\n' "$*" >&2; }

MESON_VERSION=1.6.1
VERSION=$(node -p 'require("./package.json").dependencies.mediasoup')
ROOT=.tools/mediasoup-worker
BIN="$ROOT/$VERSION/mediasoup-worker"
if [ "${1:-}" = --path ]; then
  echo "$PWD/$BIN"
  exit 0
fi
MESON_DIR=.tools/meson/$MESON_VERSION

# A machine-wide copy, keyed by the version and this recipe, so another checkout on the machine
# (a clean clone for CI, a git worktree) takes the binary instead of building it again.
CACHE_DIR=${COMPANION_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/companion}
RECIPE=$(cat scripts/setup-mediasoup.sh $(find scripts/mediasoup-worker -type f | sort) | sha256sum | cut -c1-16)
CACHED="$CACHE_DIR/mediasoup-worker/$VERSION-$RECIPE/mediasoup-worker"

BUILD_PACKAGES=(libuv1-dev libssl-dev libsrtp2-dev libusrsctp-dev libabsl-dev libflatbuffers-dev
  flatbuffers-compiler ninja-build pkg-config g++)
missing_packages() {
  for pkg in "${BUILD_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || echo "$pkg"
  done
}
if [ "${1:-}" = --missing-packages ]; then
  [ -x "$BIN" ] || [ -x "$CACHED" ] || missing_packages
  exit 0
fi

# Keeps the binary in the machine-wide cache (best effort: a read-only home only costs a rebuild).
remember() {
  [ -x "$CACHED" ] && return 0
  mkdir -p "$(dirname "$CACHED")" 2>/dev/null && cp "$BIN" "$CACHED.tmp.$$" 2>/dev/null &&
    mv -f "$CACHED.tmp.$$" "$CACHED" 2>/dev/null || rm -f "$CACHED.tmp.$$"
}

if [ -x "$BIN" ]; then
  remember
  echo "$PWD/$BIN"
  exit 0
fi

mkdir -p "$ROOT" .tools/meson
exec 9>.tools/.mediasoup-worker.lock
flock 9
if [ -x "$BIN" ]; then # another set-up built it while we waited
  echo "$PWD/$BIN"
  exit 0
fi
if [ -x "$CACHED" ]; then
  say "taking the mediasoup worker ${VERSION} from $CACHED"
  mkdir -p "$ROOT/$VERSION"
  cp "$CACHED" "$BIN.tmp.$$" && mv -f "$BIN.tmp.$$" "$BIN"
  echo "$PWD/$BIN"
  exit 0
fi

mapfile -t missing < <(missing_packages)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing the mediasoup worker's build dependencies with apt: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -f "$MESON_DIR/.complete" ]; then
  say "installing meson ${MESON_VERSION} (PyPI) into $MESON_DIR"
  rm -rf "$MESON_DIR"
  python3 -m venv "$MESON_DIR"
  "$MESON_DIR/bin/pip" install -q --disable-pip-version-check "meson==${MESON_VERSION}" >&2
  touch "$MESON_DIR/.complete" # a venv cannot be moved into place, so a marker says it is whole
fi
meson() { "$MESON_DIR/bin/meson" "$@"; }

work=$(mktemp -d "${TMPDIR:-/tmp}/mediasoup-worker.XXXXXX")
trap 'rm -rf "$work"' EXIT
started=$(date +%s)
say "building the mediasoup worker ${VERSION} from the npm package's sources (several minutes)"
(cd "$work" && npm pack --silent "mediasoup@${VERSION}" >/dev/null && tar xzf "mediasoup-${VERSION}.tgz")
src="$work/package/worker"

rm -f "$src"/subprojects/*.wrap
cp -r scripts/mediasoup-worker/subprojects/. "$src/subprojects/"
mkdir -p "$src/subprojects/libsrtp3/include"
cp scripts/mediasoup-worker/srtp.h "$src/subprojects/libsrtp3/include/srtp.h"

dtls="$src/src/RTC/DtlsTransport.cpp"
sed -i 's/(operationType == BIO_CB_RETURN) ? static_cast<long>(ret)/(operationType \& BIO_CB_RETURN) ? static_cast<long>(ret)/' "$dtls"
grep -q '(operationType & BIO_CB_RETURN) ? static_cast<long>(ret)' "$dtls" || {
  say "DtlsTransport.cpp no longer has the BIO callback line this script fixes; check mediasoup ${VERSION}"
  exit 1
}

meson setup --wrap-mode=nodownload --buildtype=release -Dms_disable_liburing=true \
  "$src/out" "$src" >"$work/meson-setup.log" 2>&1 || {
  tail -40 "$work/meson-setup.log" >&2
  exit 1
}
# The generated FlatBuffers headers first: the worker's sources include them, and meson does not
# order that dependency for every target.
meson compile -C "$src/out" flatbuffers-generator >"$work/ninja.log" 2>&1 &&
  meson compile -C "$src/out" -j "$(nproc)" mediasoup-worker >>"$work/ninja.log" 2>&1 || {
  grep -B2 -A12 -m3 'error' "$work/ninja.log" >&2 || tail -40 "$work/ninja.log" >&2
  exit 1
}
strip "$src/out/mediasoup-worker"

tmp="$ROOT/.$VERSION.tmp.$$"
rm -rf "$tmp"
mkdir -p "$tmp"
cp "$src/out/mediasoup-worker" "$tmp/mediasoup-worker"
rm -rf "${ROOT:?}/$VERSION"
mv -T "$tmp" "$ROOT/$VERSION"
say "mediasoup worker ${VERSION} built in $(($(date +%s) - started)) s: $BIN"
remember
echo "$PWD/$BIN"
