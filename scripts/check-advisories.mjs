// Known advisories in production dependencies (docs/testing.md, "Known advisories"), run by `npm test`:
// 1. offline: every package of package-lock.json that is not dev-only, against scripts/known-advisories.json;
// 2. online: `npm audit --omit=dev`, failing on a high or critical advisory, when the registry answers
//    audits (a mirror that does not is said in one line, and the offline list stands alone).
// Exit 1 names each package at a vulnerable version. `--offline` skips npm audit; `--lockfile FILE` reads
// another lockfile (npm audit then runs in its folder).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AUDIT_TIMEOUT_MS = 20_000;

/** `1.2.3` or `1.2.3-beta.1` (build metadata ignored) as numbers and prerelease parts, or null. */
export function parseVersion(text) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(String(text).trim());
  if (!match) return null;
  return { release: [Number(match[1]), Number(match[2]), Number(match[3])], pre: match[4]?.split('.') ?? [] };
}

/** Negative, zero or positive as a sorts before, with or after b (a prerelease before its release). */
export function compareVersions(a, b) {
  for (let i = 0; i < 3; i++) if (a.release[i] !== b.release[i]) return a.release[i] - b.release[i];
  if (a.pre.length === 0 || b.pre.length === 0) return b.pre.length - a.pre.length;
  for (let i = 0; i < Math.max(a.pre.length, b.pre.length); i++) {
    const [x, y] = [a.pre[i], b.pre[i]];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    if (x === y) continue;
    const [xNumber, yNumber] = [/^\d+$/.test(x), /^\d+$/.test(y)];
    if (xNumber && yNumber) return Number(x) - Number(y);
    if (xNumber !== yNumber) return xNumber ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

const OPERATORS = {
  '<': (order) => order < 0,
  '<=': (order) => order <= 0,
  '>': (order) => order > 0,
  '>=': (order) => order >= 0,
  '=': (order) => order === 0,
};

/** `<9.1.1`, `>=9.1.0 <10.0.9`, `<1.2.0 || >=2.0.0 <2.0.4` as alternatives of comparators; throws when malformed. */
export function parseRange(range) {
  const alternatives = String(range)
    .split('||')
    .map((part) => part.trim());
  return alternatives.map((alternative) => {
    const comparators = alternative.split(/\s+/).filter(Boolean);
    if (comparators.length === 0) throw new Error(`empty range in "${range}"`);
    return comparators.map((comparator) => {
      const match = /^(<=|>=|<|>|=)?\s*(.+)$/.exec(comparator);
      const version = match && parseVersion(match[2]);
      if (!version) throw new Error(`"${comparator}" in "${range}" is not an operator and an x.y.z version`);
      return { test: OPERATORS[match[1] ?? '='], version };
    });
  });
}

/** Whether a version (text) lies in a range (text); a version that is not x.y.z lies in none. */
export function inRange(versionText, range) {
  const version = parseVersion(versionText);
  if (!version) return false;
  return parseRange(range).some((comparators) =>
    comparators.every(({ test, version: bound }) => test(compareVersions(version, bound))),
  );
}

/** The installed packages of a lockfile (v2/v3 `packages`): name, version, where, and whether only dev needs it. */
export function lockedPackages(lock) {
  if (!lock || typeof lock.packages !== 'object') throw new Error('not a package-lock.json of lockfileVersion 2 or 3');
  return Object.entries(lock.packages)
    .filter(([where, entry]) => where.includes('node_modules/') && !entry.link && entry.version)
    .map(([where, entry]) => ({
      name: entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length),
      version: entry.version,
      where,
      devOnly: entry.dev === true,
    }));
}

/** Every locked package inside an advisory's range, dev-only ones marked. */
export function findVulnerable(lock, advisories) {
  const found = [];
  for (const pkg of lockedPackages(lock))
    for (const advisory of advisories)
      if (advisory.package === pkg.name && inRange(pkg.version, advisory.vulnerable)) found.push({ ...pkg, advisory });
  return found;
}

/** The committed list, each entry checked so a typo fails loudly instead of matching nothing. */
export function readAdvisories(file) {
  const { advisories } = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(advisories)) throw new Error(`${file}: no "advisories" list`);
  for (const [index, advisory] of advisories.entries()) {
    for (const key of ['package', 'id', 'vulnerable', 'fixed'])
      if (typeof advisory[key] !== 'string' || !advisory[key])
        throw new Error(`${file}: advisory ${index + 1} has no "${key}"`);
    parseRange(advisory.vulnerable);
    if (!parseVersion(advisory.fixed)) throw new Error(`${file}: ${advisory.id}: "fixed" is not x.y.z`);
    if (inRange(advisory.fixed, advisory.vulnerable))
      throw new Error(`${file}: ${advisory.id}: the fixed version ${advisory.fixed} lies in "${advisory.vulnerable}"`);
  }
  return advisories;
}

const describeFinding = ({ name, version, where, advisory }) =>
  `${name} ${version} (${where}): ${advisory.id}${advisory.severity ? ` (${advisory.severity})` : ''}, ` +
  `vulnerable ${advisory.vulnerable}, fixed in ${advisory.fixed}${advisory.summary ? `: ${advisory.summary}` : ''}`;

/**
 * What `npm audit --json` printed: the high and critical findings, or why there was no report.
 * @returns {{ answered: false, reason: string } | { answered: true, failing: string[], counts: Record<string, number> }}
 */
export function readAuditReport(output) {
  let report;
  try {
    report = JSON.parse(output);
  } catch {
    return { answered: false, reason: `not a report: ${String(output).trim().split('\n')[0]}` };
  }
  if (report.error || !report.vulnerabilities) {
    return { answered: false, reason: String(report.error?.summary || report.message || 'no report').split('\n')[0] };
  }
  const failing = Object.values(report.vulnerabilities)
    .filter((finding) => finding.severity === 'high' || finding.severity === 'critical')
    .map((finding) => {
      const sources = (finding.via ?? [])
        .filter((via) => typeof via === 'object')
        .map((via) => `${via.title ?? 'advisory'} ${via.url ?? ''}`.trim());
      const through = (finding.via ?? []).filter((via) => typeof via === 'string');
      const why = sources.length ? sources.join('; ') : `through ${through.join(', ')}`;
      return `${finding.name} ${finding.range} (${finding.severity}): ${why}`;
    });
  return { answered: true, failing, counts: report.metadata?.vulnerabilities ?? {} };
}

/** `npm audit --omit=dev` in a folder, given a short time: a mirror that does not answer audits must not stall CI. */
export function runNpmAudit(cwd) {
  const result = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
    cwd,
    encoding: 'utf8',
    timeout: AUDIT_TIMEOUT_MS,
    env: { ...process.env, npm_config_fund: 'false', npm_config_update_notifier: 'false' },
  });
  if (result.error) {
    const timedOut = result.error.code === 'ETIMEDOUT';
    return {
      answered: false,
      reason: timedOut ? `no answer within ${AUDIT_TIMEOUT_MS / 1000} s` : result.error.message,
    };
  }
  return readAuditReport(result.stdout || result.stderr);
}

function main(argv) {
  const offline = argv.includes('--offline');
  const lockIndex = argv.indexOf('--lockfile');
  const lockfile = lockIndex >= 0 ? path.resolve(argv[lockIndex + 1] ?? '') : path.join(root, 'package-lock.json');
  const listFile = path.join(root, 'scripts', 'known-advisories.json');
  const advisories = readAdvisories(listFile);
  const lock = JSON.parse(fs.readFileSync(lockfile, 'utf8'));
  const packages = lockedPackages(lock);
  const found = findVulnerable(lock, advisories);
  const failing = found.filter((one) => !one.devOnly);
  const relative = (file) => path.relative(process.cwd(), file) || file;

  console.log(
    `Known advisories: ${packages.filter((pkg) => !pkg.devOnly).length} production packages of ${relative(lockfile)} ` +
      `against ${advisories.length} advisories in ${relative(listFile)}.`,
  );
  for (const one of failing) console.log(`  VULNERABLE ${describeFinding(one)}`);
  for (const one of found.filter((other) => other.devOnly))
    console.log(`  (development only, not failing) ${describeFinding(one)}`);

  let auditFailing = [];
  if (offline) console.log('npm audit: skipped (--offline).');
  else {
    const audit = runNpmAudit(path.dirname(lockfile));
    if (!audit.answered)
      console.log(`npm audit: the registry did not answer (${audit.reason}); the list above stands alone.`);
    else {
      auditFailing = audit.failing;
      const counts = Object.entries(audit.counts)
        .filter(([severity, count]) => severity !== 'total' && count > 0)
        .map(([severity, count]) => `${count} ${severity}`);
      console.log(`npm audit (production): ${counts.length ? counts.join(', ') : 'no advisories'}.`);
      for (const line of auditFailing) console.log(`  VULNERABLE ${line}`);
    }
  }

  const total = failing.length + auditFailing.length;
  console.log(
    total === 0
      ? 'Advisory check passed.'
      : `Advisory check failed: ${total} finding(s) in production dependencies; upgrade to the fixed version (docs/testing.md).`,
  );
  return total === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exit(main(process.argv.slice(2)));
  } catch (error) {
    console.error(`Advisory check could not run: ${error.message}`);
    process.exit(1);
  }
}
