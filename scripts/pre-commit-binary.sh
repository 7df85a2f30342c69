#!/usr/bin/env bash
# pre-commit's binary hooks (`hookcheck-test-binary`, ... in .pre-commit-hooks.yaml): run the
# release binary of this hook repository's version, downloaded once for this OS and CPU, its
# SHA-256 checked (scripts/action-install.sh), and kept in pre-commit's cache folder. No Rust
# toolchain, no build: a version or platform with no release binary fails with status 3 and
# says which hooks build from source instead.
#   scripts/pre-commit-binary.sh HOOKCHECK-ARGS...
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="v$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -1)"
cache="${PRE_COMMIT_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/pre-commit}/hookcheck-$version"
if [ ! -x "$cache/bin/hookcheck" ]; then
  status=0
  HOOKCHECK_NO_BUILD=1 "$root/scripts/action-install.sh" "$version" "$cache/bin" >&2 || status=$?
  if [ "$status" -ne 0 ]; then
    rm -rf "$cache"
    if [ "$status" -eq 3 ]; then
      echo "help: the hooks without -binary (hookcheck-test, hookcheck-lint, hookcheck-sync-check) build hookcheck from source" >&2
    fi
    exit "$status"
  fi
fi
exec "$cache/bin/hookcheck" "$@"
