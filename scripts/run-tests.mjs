// `npm test`: every suite (contract, API on SQLite and PostgreSQL, browser), then one total line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const suites = [];
let broken = false;

console.log(
  process.env.TEST_DATABASE_URL
    ? 'API tests run on SQLite and on PostgreSQL (TEST_DATABASE_URL).'
    : 'API tests run on SQLite only; set TEST_DATABASE_URL to run them on PostgreSQL too.',
);

/** Runs Vitest projects and adds one suite per [name, path prefix] from its JSON report. */
function runVitest(projects, reportName, groups) {
  const report = path.join(reports, reportName);
  const code = run(bin('vitest'), [
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
  ]);
  const result = readJson(report);
  const added = [];
  if (result) {
    for (const [name, prefix] of groups) {
      const files = result.testResults.filter((file) => path.relative(root, file.name).startsWith(prefix));
      const tests = files.flatMap((file) => file.assertionResults);
      // A file that failed with no failed test (a broken import, or a beforeAll that threw and left its
      // tests skipped) still counts as one failure.
      const failedFiles = files.filter(
        (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
      );
      added.push({
        name,
        passed: tests.filter((test) => test.status === 'passed').length,
        failed: tests.filter((test) => test.status === 'failed').length + failedFiles.length,
        skipped: tests.filter((test) => test.status !== 'passed' && test.status !== 'failed').length,
      });
    }
  }
  suites.push(...added);
  if (!result || (code !== 0 && added.every((suite) => suite.failed === 0))) broken = true;
}

// 1. Contract and API (Vitest).
runVitest(['contract', 'api'], 'vitest.json', [
  ['contract', 'packages/contract/'],
  ['api', 'apps/api/'],
]);

// 2. Browser journeys (Playwright on Debian's Chromium) against the built portal.
let e2eCode = 1;
try {
  ensureChromium();
  if (run('npm', ['run', 'build']) !== 0) throw new Error('The build failed, so the browser tests cannot run.');
  // What the build made: the sign-in page's weight, the compressed siblings (apps/web/test/).
  runVitest(['web-build'], 'vitest-web-build.json', [['web build', 'apps/web/']]);
  const e2eReport = path.join(reports, 'e2e.json');
  e2eCode = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  const e2e = readJson(e2eReport);
  if (e2e) {
    suites.push({
      name: 'browser',
      passed: e2e.stats.expected,
      failed: e2e.stats.unexpected + e2e.stats.flaky,
      skipped: e2e.stats.skipped,
    });
  }
  if (!e2e || (e2eCode !== 0 && (e2e.stats.unexpected ?? 0) === 0)) broken = true;
} catch (error) {
  console.error(error.message);
  broken = true;
}

console.log('\nSuites:');
for (const suite of suites) {
  console.log(
    `  ${suite.name}: ${suite.passed} passed, ${suite.failed} failed${suite.skipped ? `, ${suite.skipped} skipped` : ''}`,
  );
}
const passed = suites.reduce((sum, suite) => sum + suite.passed, 0);
const failed = suites.reduce((sum, suite) => sum + suite.failed, 0) + (broken ? 1 : 0);
const skipped = suites.reduce((sum, suite) => sum + suite.skipped, 0);
if (broken) console.log('  (a suite could not run or report; counted as one failure)');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
