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
