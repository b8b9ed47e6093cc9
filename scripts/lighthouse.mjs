// Serves WEB_DIR on 127.0.0.1 gzipped (Content-Encoding: gzip, as a static host sends text and
// WebAssembly; the server is scripts/devtools.mjs's), runs LIGHTHOUSE (the CLI) on it with its
// mobile defaults three times, writes the median run's JSON report to REPORT, and prints the four
// categories' median scores; exits 1 if any is below 100. Run by scripts/lighthouse, which installs Lighthouse and builds the page.
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

// Three runs, judged by each category's median, as Lighthouse's own guidance and its CI tool do:
// Total Blocking Time is simulated from the tasks this machine ran, so one run on a loaded CI
// machine can lose a point that the page does not lose (98, then 100, on the same build).
const RUNS = 3;
let current = null;
process.on("SIGINT", () => {
  current?.kill("SIGINT");
  console.error("lighthouse: stopped");
  process.exit(130);
});
const runs = [];
for (let i = 1; i <= RUNS; i++) {
  const output = RUNS > 1 ? report.replace(/(\.json)?$/, `-${i}.json`) : report;
  current = spawn(
    lighthouse,
    [url, "--output=json", `--output-path=${output}`, "--quiet", "--chrome-flags=--headless=new --no-sandbox",
      "--only-categories=performance,accessibility,best-practices,seo"],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  const status = await new Promise((ok) => current.on("exit", (code) => ok(code)));
  if (status !== 0) {
    site.close();
    console.error(`lighthouse: Lighthouse failed (exit ${status})`);
    process.exit(1);
  }
  const result = JSON.parse(fs.readFileSync(output, "utf8"));
  runs.push({ output, result, scores: Object.values(result.categories).map((c) => Math.round(c.score * 100)) });
  console.log(`lighthouse: run ${i} of ${RUNS}: ${runs.at(-1).scores.join(", ")}`);
}
site.close();
// The run whose performance is the median stands for all: its report is REPORT, its audits are said.
const byPerformance = [...runs].sort((a, b) => a.scores[0] - b.scores[0]);
const middle = byPerformance[Math.floor(RUNS / 2)];
fs.copyFileSync(middle.output, report);
const { categories, audits } = middle.result;
let short = false;
for (const [i, category] of Object.values(categories).entries()) {
  const median = [...runs.map((r) => r.scores[i])].sort((a, b) => a - b)[Math.floor(RUNS / 2)];
  console.log(`lighthouse: ${category.title.padEnd(15)} ${median} (median of ${runs.map((r) => r.scores[i]).join(", ")})`);
  if (median < 100) {
    short = true;
    // What cost the points, in the median run: the category's audits that did not pass, by weight.
    for (const ref of category.auditRefs.filter((r) => r.weight > 0 && audits[r.id].score !== null && audits[r.id].score < 1)) {
      console.log(`lighthouse:   ${audits[ref.id].title} (${audits[ref.id].displayValue ?? audits[ref.id].score})`);
    }
  }
}
console.log(`lighthouse: the whole report is ${report} (the median run's; each run's beside it)`);
process.exit(short ? 1 : 0);
