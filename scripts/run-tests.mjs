// `npm test`: the advisory check, every suite (contract, scripts, web components, API on SQLite and PostgreSQL, browser), then one
// total line.
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
// What failed, named again under the totals: CI shows a run's last lines, and a count alone cannot be acted on.
const failures = [];
let broken = false;
const firstLine = (text) =>
  String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes of the reporters' messages
    .replace(/\x1b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);

console.log(
  process.env.TEST_DATABASE_URL
    ? 'API tests run on SQLite and on PostgreSQL (TEST_DATABASE_URL).'
    : 'API tests run on SQLite only; set TEST_DATABASE_URL to run them on PostgreSQL too.',
);

// 0. Known advisories in production dependencies: the lockfile against scripts/known-advisories.json, and npm
// audit when the registry answers it (scripts/check-advisories.mjs). One check; each finding named below.
{
  const check = spawnSync(process.execPath, [path.join(root, 'scripts', 'check-advisories.mjs')], {
    cwd: root,
    encoding: 'utf8',
  });
  process.stdout.write(check.stdout ?? '');
  process.stderr.write(check.stderr ?? '');
  const passed = check.status === 0;
  suites.push({ name: 'advisories', passed: passed ? 1 : 0, failed: passed ? 0 : 1, skipped: 0 });
  if (!passed) {
    const findings = String(check.stdout ?? '')
      .split('\n')
      .filter((line) => line.trim().startsWith('VULNERABLE '))
      .map((line) => `scripts/check-advisories.mjs: ${line.trim().slice('VULNERABLE '.length)}`);
    failures.push(
      ...(findings.length ? findings : [`scripts/check-advisories.mjs: ${firstLine(check.stderr) || 'see above'}`]),
    );
  }
}

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
      for (const file of files) {
        const where = path.relative(root, file.name);
        for (const test of file.assertionResults.filter((one) => one.status === 'failed'))
          failures.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
        if (!failedFiles.includes(file)) continue;
        // Vitest's JSON report drops a failed hook's error: name where it stopped, the console shows why.
        const skipped = file.assertionResults.filter((test) => test.status !== 'passed');
        const stopped = skipped.length ? `${skipped.length} test(s) did not run, from "${skipped[0].fullName}"` : '';
        failures.push(`${where} (its setup or teardown): ${firstLine(file.message) || stopped || 'see above'}`);
      }
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

// 1. Contract, the scripts' own tests, the web's components (jsdom) and API (Vitest).
runVitest(['contract', 'scripts', 'web', 'api'], 'vitest.json', [
  ['contract', 'packages/contract/'],
  ['scripts', 'scripts/'],
  ['web', 'apps/web/src/'],
  ['api', 'apps/api/'],
]);

// 2. Browser journeys (Playwright on Debian's Chromium) against the built portal.
let e2eCode = 1;
try {
  ensureChromium();
  if (run('npm', ['run', 'build']) !== 0) throw new Error('The build failed, so the browser tests cannot run.');
  // What the build made: the sign-in page's weight, the compressed siblings (apps/web/test/).
  runVitest(['web-build'], 'vitest-web-build.json', [['web build', 'apps/web/']]);
  // The same build as a production install: pruned of dev dependencies, the operator commands run.
  runVitest(['production-install'], 'vitest-production-install.json', [['production install', 'scripts/install/']]);
  const e2eReport = path.join(reports, 'e2e.json');
  e2eCode = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  const e2e = readJson(e2eReport);
  if (e2e) {
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === 'unexpected' || test.status === 'flaky')
            failures.push(
              `${spec.file}:${spec.line} > ${[...titles, spec.title].join(' > ')} (${test.status}): ${firstLine(
                test.results?.find((result) => result.error)?.error?.message,
              )}`,
            );
      for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    };
    for (const suite of e2e.suites ?? []) visit(suite, []);
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
if (failures.length > 0) {
  console.log('Failed:');
  for (const failure of failures.slice(0, 30)) console.log(`  ${failure}`);
  if (failures.length > 30) console.log(`  ... and ${failures.length - 30} more`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
