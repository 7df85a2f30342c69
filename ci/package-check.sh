#!/usr/bin/env bash
# The packages users install (issue 29), built and installed as a user would, from this
# checkout: the crate (`cargo publish --dry-run`), the PyPI wheel (maturin, `bindings = "bin"`)
# installed into a fresh venv, and the npm launcher plus this machine's platform package,
# packed, installed into a scratch project and run with npx. Each must print the same
# `hookcheck --version` line as the release binary. The release binary is built once, in
# CARGO_TARGET_DIR, and reused by maturin. Installs maturin from PyPI into a venv of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)"
commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
want="hookcheck $version ($commit)"
check() { # what, the line it printed
  if [ "$2" != "$want" ]; then
    echo "error: $1 printed '$2', not '$want'" >&2
    exit 1
  fi
  echo "ok: $1: $2"
}

# The release binary, once; the distributed binary must stay <= 12 MB.
cargo build --release --locked
bin="$CARGO_TARGET_DIR/release/hookcheck"
size="$(stat -c %s "$bin")"
if [ "$size" -gt 12000000 ]; then
  echo "error: the release binary is $size bytes, over 12 MB" >&2
  exit 1
fi
echo "ok: release binary $size bytes"
check "the release binary" "$("$bin" --version)"

# The Action's install step, against a folder of release archives made from that binary.
ci/action-install-check.sh "$bin"

# crates.io: the package as uploaded builds on its own.
cargo publish --dry-run --allow-dirty --locked

# PyPI: the wheel for this machine, installed into a fresh venv.
python3 -m venv "$scratch/maturin"
"$scratch/maturin/bin/pip" install -q 'maturin>=1.16,<2'
"$scratch/maturin/bin/maturin" build --release --locked --out "$scratch/wheels"
python3 -m venv "$scratch/venv"
"$scratch/venv/bin/pip" install -q --no-index "$scratch"/wheels/hookcheck-*.whl
check "the wheel's hookcheck" "$("$scratch/venv/bin/hookcheck" --version)"
# And the README's main job (its first set-up command) with the wheel's hookcheck.
main="$(ci/readme-commands.sh "The two set-up commands" | head -1)"
main="${main/#cargo run --/hookcheck}"
echo "+ $main"
PATH="$scratch/venv/bin:$PATH" bash -c "$main"

# npm: the launcher and this machine's platform package, packed and installed.
platform="$(node -p 'process.platform + "-" + process.arch')"
node npm/stage.mjs "$scratch/npm" "$platform=$bin"
mkdir "$scratch/tgz" "$scratch/project"
for p in hookcheck "cli-$platform"; do
  (cd "$scratch/npm/$p" && npm pack --silent --pack-destination "$scratch/tgz" >/dev/null)
done
(
  cd "$scratch/project"
  npm init -y >/dev/null
  # The other platforms' packages are optional dependencies npm skips here.
  npm install --silent --no-audit --no-fund "$scratch"/tgz/*.tgz
)
check "npx hookcheck" "$(cd "$scratch/project" && npx --no-install hookcheck --version)"

# On a platform with no package, the launcher says so and why, with exit status 2.
launcher="$scratch/project/node_modules/hookcheck/bin/hookcheck.js"
unsupported() { # platform arch, the message wanted
  local got status=0
  got="$(node -e "Object.defineProperty(process, 'platform', { value: '$1' });
    Object.defineProperty(process, 'arch', { value: '$2' }); require('$launcher')" 2>&1)" || status=$?
  if [ "$status" -ne 2 ] || [ "$got" != "$3" ]; then
    echo "error: the launcher on $1-$2 said (status $status): $got" >&2
    exit 1
  fi
  echo "ok: $1-$2: $got"
}
unsupported win32 x64 "hookcheck: Windows is not supported: process groups and signals. Run hookcheck under WSL or in a Linux container."
unsupported freebsd x64 "hookcheck: no prebuilt binary for freebsd-x64 (there are: linux-x64, linux-arm64, darwin-arm64, darwin-x64). Build it from source: cargo install hookcheck"
