import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findVulnerable, inRange, parseRange, readAdvisories, readAuditReport } from './check-advisories.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('version ranges of the advisory check', () => {
  it('compares each part as a number, not as text', () => {
    expect(inRange('8.0.11', '<9.1.1')).toBe(true);
    expect(inRange('9.1.1', '<9.1.1')).toBe(false);
    expect(inRange('10.0.10', '<10.0.9')).toBe(false);
    expect(inRange('10.0.8', '<10.0.9')).toBe(true);
    expect(inRange('9.10.0', '<9.9.0')).toBe(false);
  });

  it('needs every comparator of an alternative, and any one alternative', () => {
    expect(inRange('10.0.7', '>=9.1.0 <10.0.9')).toBe(true);
    expect(inRange('9.0.9', '>=9.1.0 <10.0.9')).toBe(false);
    expect(inRange('1.5.0', '<1.2.0 || >=2.0.0 <2.0.4')).toBe(false);
    expect(inRange('2.0.3', '<1.2.0 || >=2.0.0 <2.0.4')).toBe(true);
    expect(inRange('3.0.0', '=3.0.0')).toBe(true);
    expect(inRange('3.0.0', '3.0.0')).toBe(true);
    expect(inRange('3.0.0', '<=3.0.0')).toBe(true);
    expect(inRange('3.0.0', '>3.0.0')).toBe(false);
  });

  it('puts a prerelease before its release', () => {
    expect(inRange('9.1.1-beta.2', '<9.1.1')).toBe(true);
    expect(inRange('9.1.1-beta.10', '>9.1.1-beta.2')).toBe(true);
    expect(inRange('9.1.1+build.5', '<9.1.1')).toBe(false);
  });

  it('finds no version in a range when the version is not x.y.z, and refuses a range it cannot read', () => {
    expect(inRange('git+https://example.invalid/x.git', '<9.1.1')).toBe(false);
    expect(() => parseRange('^9.1.1')).toThrow(/not an operator/);
    expect(() => parseRange('<9.1')).toThrow(/not an operator/);
    expect(() => parseRange('<1.0.0 ||')).toThrow(/empty range/);
  });
});

describe('the lockfile against the list', () => {
  const advisory = { package: 'nodemailer', id: 'GHSA-test', vulnerable: '<9.1.1', fixed: '9.1.1' };
  const lock = {
    lockfileVersion: 3,
    packages: {
      '': { name: 'root' },
      'apps/api': { name: '@portal/api', version: '0.1.0' },
      'node_modules/@portal/api': { resolved: 'apps/api', link: true },
      'apps/api/node_modules/nodemailer': { version: '8.0.11' },
      'node_modules/nodemailer': { version: '10.6.1' },
      'node_modules/smtp-server/node_modules/nodemailer': { version: '9.0.0', dev: true },
      'node_modules/mailer-alias': { name: 'nodemailer', version: '9.1.0' },
    },
  };

  it('names every installed copy in the range, under its real name, and marks the development-only ones', () => {
    const found = findVulnerable(lock, [advisory]).map(({ where, version, devOnly }) => ({ where, version, devOnly }));
    expect(found).toEqual([
      { where: 'apps/api/node_modules/nodemailer', version: '8.0.11', devOnly: false },
      { where: 'node_modules/smtp-server/node_modules/nodemailer', version: '9.0.0', devOnly: true },
      { where: 'node_modules/mailer-alias', version: '9.1.0', devOnly: false },
    ]);
  });

  it('reads the committed list, each fixed version outside its own range', () => {
    const advisories = readAdvisories(path.join(here, 'known-advisories.json'));
    expect(advisories.length).toBeGreaterThan(0);
    for (const one of advisories) expect(inRange(one.fixed, one.vulnerable)).toBe(false);
  });
});

describe('npm audit report', () => {
  it('says why when the registry did not answer', () => {
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      error: { summary: '', detail: '' },
    });
    expect(readAuditReport(refused)).toEqual({
      answered: false,
      reason: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    });
    expect(readAuditReport('npm error code ENOTFOUND').answered).toBe(false);
  });

  it('fails on high and critical findings only', () => {
    const report = {
      auditReportVersion: 2,
      vulnerabilities: {
        nodemailer: {
          name: 'nodemailer',
          severity: 'high',
          range: '<=9.0.0',
          via: [
            {
              title: 'raw option bypasses disableFileAccess',
              url: 'https://github.com/advisories/GHSA-p6gq-j5cr-w38f',
            },
          ],
        },
        'some-wrapper': { name: 'some-wrapper', severity: 'critical', range: '1.x', via: ['inner-package'] },
        cookie: { name: 'cookie', severity: 'moderate', range: '<0.7.0', via: [{ title: 'moderate one' }] },
      },
      metadata: { vulnerabilities: { info: 0, low: 0, moderate: 1, high: 1, critical: 1, total: 3 } },
    };
    const result = readAuditReport(JSON.stringify(report));
    expect(result.answered).toBe(true);
    expect(result.failing).toEqual([
      'nodemailer <=9.0.0 (high): raw option bypasses disableFileAccess https://github.com/advisories/GHSA-p6gq-j5cr-w38f',
      'some-wrapper 1.x (critical): through inner-package',
    ]);
  });
});
