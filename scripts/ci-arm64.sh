#!/usr/bin/env bash
# CI (.ci/run): cross-builds the linux-arm64 single binary on this x64 machine and runs the binary
# smoke test (scripts/smoke-binary.mjs: health, sign-in, PIN punch, photo upload, PDF, backup,
# restore...) against it under qemu-user (decision 038). Installs qemu and the arm64 C libraries
# when missing (Debian packages; root). Prints how long each step took.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

SYSROOT=/usr/aarch64-linux-gnu
started=$SECONDS
if ! command -v qemu-aarch64-static > /dev/null || [ ! -e "$SYSROOT/lib/ld-linux-aarch64.so.1" ] \
  || [ ! -e "$SYSROOT/lib/libstdc++.so.6" ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    qemu-user-static libc6-arm64-cross libstdc++6-arm64-cross libgcc-s1-arm64-cross
fi
installed=$SECONDS
npm run build:binary -- --target linux-arm64
built=$SECONDS

# The emulated binary finds its glibc and libstdc++ under the cross sysroot. The CPU is the
# Raspberry Pi 4's (qemu's default, "max", has instructions a Pi lacks). The memory tuning
# variables are set because a re-exec cannot work under qemu-user without binfmt_misc (the
# binary would skip it with a warning; the smoke test checks that separately).
QEMU_LD_PREFIX="$SYSROOT" QEMU_CPU=cortex-a72 MALLOC_MMAP_THRESHOLD_=1048576 UV_THREADPOOL_SIZE=6 \
  node scripts/smoke-binary.mjs dist/bin/jornada-linux-arm64 --runner qemu-aarch64-static --slow 10

echo "linux-arm64: qemu install $((installed - started)) s, build $((built - installed)) s, smoke test under qemu $((SECONDS - built)) s"
