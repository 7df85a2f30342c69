#!/usr/bin/env bash
# The Action's install step: downloads the release archive of hookcheck for this runner's OS
# and CPU, verifies its SHA-256, and puts the binary on PATH; builds from source
# (`cargo install`) only when there is no release for that version or no binary for this
# platform. A checksum that does not match fails the step: it never falls back.
#   scripts/action-install.sh VERSION DEST
# VERSION: a release tag (v0.1.0), or empty for the Action's own ref (GITHUB_ACTION_REF) when
# that is a tag. DEST: the folder the binary goes in. The releases are read from
# HOOKCHECK_RELEASES (a URL or a local folder holding the archives; by default the releases
# of the repository Cargo.toml names). With HOOKCHECK_NO_BUILD=1 (pre-commit's binary hooks,
# scripts/pre-commit-binary.sh) there is no fallback: no release binary is exit status 3.
# Errors are `::error::` workflow commands only under GitHub Actions (GITHUB_ACTIONS=true).
set -euo pipefail
version="$1" dest="$2"
root="$(cd "$(dirname "$0")/.." && pwd)"
error() { # message
  if [ "${GITHUB_ACTIONS:-}" = true ]; then echo "::error::$1" >&2; else echo "error: $1" >&2; fi
}
repository="$(sed -n 's/^repository = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -1)"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) target=x86_64-unknown-linux-musl ;;
  Linux-aarch64 | Linux-arm64) target=aarch64-unknown-linux-musl ;;
  Darwin-arm64) target=aarch64-apple-darwin ;;
  Darwin-x86_64) target=x86_64-apple-darwin ;;
  MINGW* | MSYS* | CYGWIN* | Windows*)
    error "hookcheck: Windows is not supported: process groups and signals. Use a Linux or macOS machine, WSL or a Linux container."
    exit 2 ;;
  *) target="" ;;
esac
if [ -z "$version" ] && [[ "${GITHUB_ACTION_REF:-}" == v* ]]; then version="$GITHUB_ACTION_REF"; fi

from_source() { # why
  if [ "${HOOKCHECK_NO_BUILD:-}" = 1 ]; then
    error "hookcheck: $1, and this install does not build from source"
    exit 3
  fi
  echo "hookcheck: $1; building from source with cargo install"
  if [[ "$version" == v* ]]; then
    cargo install --locked hookcheck --version "${version#v}" --root "$dest/.."
  else
    cargo install --locked --path "$root" --root "$dest/.."
  fi
}

mkdir -p "$dest"
if [ -z "$target" ]; then from_source "no release binary for $(uname -s) $(uname -m)"; exit 0; fi
if [ -z "$version" ]; then from_source "the ref '${GITHUB_ACTION_REF:-}' is not a release tag"; exit 0; fi
name="hookcheck-$version-$target.tar.gz"
base="${HOOKCHECK_RELEASES:-$repository/releases/download/$version}"
case "$base" in
  *://*) ;;
  *) base="file://$(cd "$base" && pwd)" ;;
esac
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if ! curl -fsL -o "$work/$name" "$base/$name" || ! curl -fsL -o "$work/$name.sha256" "$base/$name.sha256"; then
  from_source "no release archive $base/$name"
  exit 0
fi
want="$(cut -d' ' -f1 < "$work/$name.sha256")"
if command -v sha256sum >/dev/null 2>&1; then
  got="$(sha256sum "$work/$name" | cut -d' ' -f1)"
else
  got="$(shasum -a 256 "$work/$name" | cut -d' ' -f1)"
fi
if [ "$got" != "$want" ]; then
  error "hookcheck: $name has SHA-256 $got, but $name.sha256 says $want"
  exit 1
fi
tar -xzf "$work/$name" -C "$work"
install -m 755 "$work/${name%.tar.gz}/hookcheck" "$dest/hookcheck"
echo "hookcheck: installed $("$dest/hookcheck" --version) from $name (SHA-256 $got)"
