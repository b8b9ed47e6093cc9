// Serves WEB_DIR on 127.0.0.1 gzipped (Content-Encoding: gzip, as a static host sends text and
// WebAssembly; the server is scripts/devtools.mjs's), runs LIGHTHOUSE (the CLI) on it with its
// mobile defaults, writes its JSON report to REPORT, and prints the four categories' scores; exits 1
// if any is below 100. Run by scripts/lighthouse, which installs Lighthouse and builds the page.
// Usage: node scripts/lighthouse.mjs WEB_DIR LIGHTHOUSE REPORT
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { serve } from "./devtools.mjs";

const args = process.argv.slice(2);
if (args.length !== 3 || args.some((a) => a.startsWith("-"))) {
  const why = args.some((a) => a.startsWith("-")) ? ["--", ...args] : ["give WEB_DIR, LIGHTHOUSE and REPORT"];
  const usage = spawnSync(path.join(path.dirname(process.argv[1]), "usage"), [process.argv[1], ...why], { stdio: "inherit" });
  process.exit(usage.status ?? 2);
}
const [webDir, lighthouse, report] = args;

const site = await serve(webDir, { gzip: true });
const url = site.url;

const run = spawn(
  lighthouse,
  [url, "--output=json", `--output-path=${report}`, "--quiet", "--chrome-flags=--headless=new --no-sandbox",
    "--only-categories=performance,accessibility,best-practices,seo"],
  { stdio: ["ignore", "inherit", "inherit"] },
);
process.on("SIGINT", () => {
  run.kill("SIGINT");
  console.error("lighthouse: stopped");
  process.exit(130);
});
const status = await new Promise((ok) => run.on("exit", (code) => ok(code)));
site.close();
if (status !== 0) {
  console.error(`lighthouse: Lighthouse failed (exit ${status})`);
  process.exit(1);
}
const { categories, audits } = JSON.parse(fs.readFileSync(report, "utf8"));
let short = false;
for (const category of Object.values(categories)) {
  const score = Math.round(category.score * 100);
  console.log(`lighthouse: ${category.title.padEnd(15)} ${score}`);
  if (score < 100) {
    short = true;
    // What cost the points: the category's audits that did not pass, by their weight.
    for (const ref of category.auditRefs.filter((r) => r.weight > 0 && audits[r.id].score !== null && audits[r.id].score < 1)) {
      console.log(`lighthouse:   ${audits[ref.id].title} (${audits[ref.id].displayValue ?? audits[ref.id].score})`);
    }
  }
}
console.log(`lighthouse: the whole report is ${report}`);
process.exit(short ? 1 : 0);
