#!/usr/bin/env bash
# The Action's install step (scripts/action-install.sh) against a local folder of release
# artifacts made as the release workflow makes them (ci/archive.sh):
#   ci/action-install-check.sh BINARY
# a good archive installs and runs; a checksum mismatch fails with status 1 and installs
# nothing; a version with no release falls back to `cargo install` (a `cargo` on PATH that
# records its arguments stands in for the build, which takes minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
binary="$1"
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) target=x86_64-unknown-linux-musl ;;
  Linux-aarch64) target=aarch64-unknown-linux-musl ;;
  Darwin-arm64) target=aarch64-apple-darwin ;;
  Darwin-x86_64) target=x86_64-apple-darwin ;;
  *) echo "skipped: no release target for $(uname -s) $(uname -m)"; exit 0 ;;
esac
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)"
tag="v$version"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
ci/archive.sh "$tag" "$target" "$binary" "$scratch/releases" >/dev/null
fail() { echo "error: action install: $*" >&2; exit 1; }

# A good archive.
HOOKCHECK_RELEASES="$scratch/releases" scripts/action-install.sh "$tag" "$scratch/good/bin" > "$scratch/out" 2>&1 \
  || fail "a good archive: $(cat "$scratch/out")"
[ "$("$scratch/good/bin/hookcheck" --version)" = "$("$binary" --version)" ] || fail "the installed binary differs"
grep -q "^hookcheck: installed hookcheck $version (.*) from hookcheck-$tag-$target.tar.gz (SHA-256 [0-9a-f]\{64\})$" "$scratch/out" \
  || fail "a good archive said: $(cat "$scratch/out")"
echo "ok: action install: $(cat "$scratch/out")"

# The version from the Action's ref when no version is given.
GITHUB_ACTION_REF="$tag" HOOKCHECK_RELEASES="$scratch/releases" scripts/action-install.sh "" "$scratch/ref/bin" >/dev/null 2>&1 \
  || fail "the Action's ref $tag did not install"
[ -x "$scratch/ref/bin/hookcheck" ] || fail "the Action's ref $tag installed nothing"

# A checksum mismatch: status 1, nothing installed, no fallback.
sum="$scratch/releases/hookcheck-$tag-$target.tar.gz.sha256"
sed -i.bak 's/^./0/; t; s/^/0/' "$sum"
if [ "$(head -c1 "$sum.bak")" = 0 ]; then sed -i 's/^./1/' "$sum"; fi
status=0
GITHUB_ACTIONS=true HOOKCHECK_RELEASES="$scratch/releases" scripts/action-install.sh "$tag" "$scratch/bad/bin" > "$scratch/out" 2>&1 || status=$?
[ "$status" -eq 1 ] || fail "a checksum mismatch ended with status $status: $(cat "$scratch/out")"
[ ! -e "$scratch/bad/bin/hookcheck" ] || fail "a checksum mismatch installed the binary"
grep -q "^::error::hookcheck: hookcheck-$tag-$target.tar.gz has SHA-256 [0-9a-f]\{64\}, but hookcheck-$tag-$target.tar.gz.sha256 says [0-9a-f]\{64\}$" "$scratch/out" \
  || fail "a checksum mismatch said: $(cat "$scratch/out")"
grep -q "cargo install" "$scratch/out" && fail "a checksum mismatch fell back to building"
echo "ok: checksum mismatch: $(cat "$scratch/out")"

# No release for the version: cargo install of that version.
mkdir "$scratch/fake"
printf '#!/bin/sh\necho "cargo $*"\n' > "$scratch/fake/cargo"
chmod +x "$scratch/fake/cargo"
PATH="$scratch/fake:$PATH" HOOKCHECK_RELEASES="$scratch/releases" scripts/action-install.sh v9.9.9 "$scratch/none/bin" > "$scratch/out" 2>&1 \
  || fail "no release: $(cat "$scratch/out")"
want="hookcheck: no release archive file://$scratch/releases/hookcheck-v9.9.9-$target.tar.gz; building from source with cargo install
cargo install --locked hookcheck --version 9.9.9 --root $scratch/none/bin/.."
[ "$(cat "$scratch/out")" = "$want" ] || fail "no release said: $(cat "$scratch/out")"
echo "ok: no release falls back to cargo install"

# pre-commit's binary hooks never build: no release is exit status 3 and a message.
status=0
HOOKCHECK_NO_BUILD=1 PATH="$scratch/fake:$PATH" HOOKCHECK_RELEASES="$scratch/releases" scripts/action-install.sh v9.9.9 "$scratch/nobuild/bin" > "$scratch/out" 2>&1 || status=$?
want="error: hookcheck: no release archive file://$scratch/releases/hookcheck-v9.9.9-$target.tar.gz, and this install does not build from source"
[ "$status" -eq 3 ] && [ "$(cat "$scratch/out")" = "$want" ] || fail "no build said (status $status): $(cat "$scratch/out")"
echo "ok: no release and no build: exit 3"

# On Windows (Git Bash, MSYS) every install says why it cannot, with exit status 2: a `uname`
# that answers as Git Bash does stands in for the runner.
printf '#!/bin/sh\ncase "$1" in -s) echo MINGW64_NT-10.0-20348 ;; -m) echo x86_64 ;; esac\n' > "$scratch/fake/uname"
chmod +x "$scratch/fake/uname"
for no_build in "" 1; do
  status=0
  HOOKCHECK_NO_BUILD=$no_build GITHUB_ACTIONS=true PATH="$scratch/fake:$PATH" \
    scripts/action-install.sh "$tag" "$scratch/win/bin" > "$scratch/out" 2>&1 || status=$?
  want="::error::hookcheck: Windows is not supported: process groups and signals. Use a Linux or macOS machine, WSL or a Linux container."
  [ "$status" -eq 2 ] && [ "$(cat "$scratch/out")" = "$want" ] || fail "Windows said (status $status): $(cat "$scratch/out")"
  [ ! -e "$scratch/win/bin/hookcheck" ] || fail "Windows installed something"
done
echo "ok: Windows: exit 2 and why"
