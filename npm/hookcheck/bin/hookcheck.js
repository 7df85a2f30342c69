#!/usr/bin/env node
// The `hookcheck` npm launcher: runs the prebuilt binary of the package
// @hookcheck/cli-<os>-<cpu> that npm installed for this machine (one optional dependency per
// platform, each limited to its os/cpu, as esbuild and biome ship), passing the arguments,
// standard streams, exit status and signals through.
"use strict";
const { spawnSync } = require("node:child_process");
const path = require("node:path");
const { version, optionalDependencies = {} } = require("../package.json");

const key = `${process.platform}-${process.arch}`;
const name = `@hookcheck/cli-${key}`;
const fail = (message) => {
  process.stderr.write(`hookcheck: ${message}\n`);
  process.exit(2);
};

if (process.platform === "win32") {
  fail(
    "Windows is not supported: process groups and signals. " +
      "Run hookcheck under WSL or in a Linux container.",
  );
}
if (!(name in optionalDependencies)) {
  const have = Object.keys(optionalDependencies)
    .map((n) => n.replace("@hookcheck/cli-", ""))
    .join(", ");
  fail(
    `no prebuilt binary for ${key} (there are: ${have}). ` +
      "Build it from source: cargo install hookcheck",
  );
}
let binary;
try {
  binary = require.resolve(`${name}/bin/hookcheck`);
} catch {
  fail(
    `the package ${name}@${version} is not installed: it is an optional dependency of ` +
      "hookcheck, and npm skips those with --omit=optional or --no-optional. " +
      "Reinstall without that flag.",
  );
}
const run = spawnSync(binary, process.argv.slice(2), { stdio: "inherit" });
if (run.error) fail(`could not run ${path.resolve(binary)}: ${run.error.message}`);
if (run.signal) {
  process.kill(process.pid, run.signal);
}
process.exit(run.status ?? 1);
