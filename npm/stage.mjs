// Lays out the npm packages to publish or pack: the launcher `hookcheck` (from npm/hookcheck)
// and one `@hookcheck/cli-<os>-<cpu>` package per binary given, all with Cargo.toml's version
// and repository, so neither is written twice.
//
//   node npm/stage.mjs OUT [<os>-<cpu>=PATH ...]      e.g. linux-x64=target/release/hookcheck
//
// <os>-<cpu> are Node's process.platform and process.arch. The launcher lists every platform
// the release builds (PLATFORMS) as an optional dependency, whichever binaries are given.
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The release workflow's matrix (.github/workflows/release.yml) builds these.
const PLATFORMS = ["linux-x64", "linux-arm64", "darwin-arm64", "darwin-x64"];

const here = path.dirname(fileURLToPath(import.meta.url));
const cargo = readFileSync(path.join(here, "..", "Cargo.toml"), "utf8");
const pkg = cargo.split(/^\[/m).find((s) => s.startsWith("package]"));
const field = (name) => {
  const m = pkg.match(new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, "m"));
  if (!m) throw new Error(`Cargo.toml [package] has no ${name}`);
  return m[1];
};
const version = field("version");
const repository = { type: "git", url: `git+${field("repository")}.git` };
const homepage = field("homepage");

const [out, ...binaries] = process.argv.slice(2);
if (!out) {
  console.error("usage: node npm/stage.mjs OUT [<os>-<cpu>=PATH ...]");
  process.exit(2);
}
const write = (dir, json) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(json, null, 2)}\n`);
};

const launcher = JSON.parse(readFileSync(path.join(here, "hookcheck", "package.json"), "utf8"));
const dir = path.join(out, "hookcheck");
mkdirSync(path.join(dir, "bin"), { recursive: true });
copyFileSync(path.join(here, "hookcheck", "bin", "hookcheck.js"), path.join(dir, "bin", "hookcheck.js"));
chmodSync(path.join(dir, "bin", "hookcheck.js"), 0o755);
copyFileSync(path.join(here, "..", "README.md"), path.join(dir, "README.md"));
write(dir, {
  ...launcher,
  version,
  repository,
  homepage,
  optionalDependencies: Object.fromEntries(PLATFORMS.map((p) => [`@hookcheck/cli-${p}`, version])),
});

for (const arg of binaries) {
  const [platform, binary] = arg.split("=");
  if (!PLATFORMS.includes(platform) || !binary) {
    console.error(`not <os>-<cpu>=PATH with a platform of ${PLATFORMS.join(", ")}: ${arg}`);
    process.exit(2);
  }
  const [os, cpu] = platform.split("-");
  const dir = path.join(out, `cli-${platform}`);
  mkdirSync(path.join(dir, "bin"), { recursive: true });
  copyFileSync(binary, path.join(dir, "bin", "hookcheck"));
  chmodSync(path.join(dir, "bin", "hookcheck"), 0o755);
  write(dir, {
    name: `@hookcheck/cli-${platform}`,
    version,
    description: `The hookcheck binary for ${os} ${cpu} (installed by the hookcheck package)`,
    license: launcher.license,
    repository,
    homepage,
    os: [os],
    cpu: [cpu],
    files: ["bin/hookcheck"],
  });
}
