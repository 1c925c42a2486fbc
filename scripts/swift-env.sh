# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Sourced by the other scripts: finds the Swift toolchain.
# The machines this project targets have Swift 6 at /opt/swift; elsewhere,
# put `swift` on PATH (swift.org has toolchains for Debian 12, x86_64 and arm64).
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "error: no Swift toolchain found. Install Swift 6 for Debian 12 from swift.org and put it on PATH." >&2
  exit 1
fi

# Prints the extra `swift build` options for the binary as it ships (with
# --static-swift-stdlib): the C++ library the Swift runtime needs linked in
# too. The runtime's link arguments name `-lstdc++`, which finds the shared
# library first; a directory holding only the static archive, searched
# before the compiler's own, makes the linker take the archive. Loading
# libstdc++.so cost 0.5 MB of resident memory for the few dozen functions
# the runtime calls. Prints nothing when the archive is missing (the shared
# library is used then, which only costs memory).
static_link_options() {
  local clang archive directory
  clang="$(dirname "$(command -v swift)")/clang"
  [ -x "$clang" ] || clang=clang
  archive=$("$clang" -print-file-name=libstdc++.a 2>/dev/null || true)
  case "$archive" in /*) ;; *) return 0 ;; esac
  [ -f "$archive" ] || return 0
  directory="$PWD/.build-static-libstdcxx"
  mkdir -p "$directory"
  ln -sf "$archive" "$directory/libstdc++.a"
  printf '%s\n' -Xlinker "-L$directory"
}
