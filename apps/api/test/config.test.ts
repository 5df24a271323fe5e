import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      maxUploadBytes: 50 * 1024 * 1024,
      registrationOpen: true,
      requireTaxId: false,
      requestTimeoutMs: 300_000,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/portal',
      DATABASE_URL: 'postgres://u@db/portal',
      ADMIN_EMAIL: 'owner@firm.in',
      ADMIN_PASSWORD: 'Secret@123',
      APP_KEY: 'k'.repeat(40),
      MAX_UPLOAD_MB: '200',
      REGISTRATION_OPEN: 'false',
      REQUIRE_TAX_ID: 'true',
      REQUEST_TIMEOUT_SECONDS: '120',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/portal',
      databaseUrl: 'postgres://u@db/portal',
      adminEmail: 'owner@firm.in',
      maxUploadBytes: 200 * 1024 * 1024,
      registrationOpen: false,
      requireTaxId: true,
      requestTimeoutMs: 120_000,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 1 and 65535 (got "70000")'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)',
    ],
    [
      { ADMIN_EMAIL: 'not-an-email' },
      'Invalid configuration: ADMIN_EMAIL must be an email address (got "not-an-email")',
    ],
    [{ ADMIN_PASSWORD: 'short' }, 'Invalid configuration: ADMIN_PASSWORD must be at least 8 characters'],
    [{ MAX_UPLOAD_MB: '0' }, 'Invalid configuration: MAX_UPLOAD_MB must be at least 1 (got "0")'],
    [{ REQUIRE_TAX_ID: 'maybe' }, 'Invalid configuration: REQUIRE_TAX_ID must be true or false (got "maybe")'],
    [
      { REQUEST_TIMEOUT_SECONDS: 'soon' },
      'Invalid configuration: REQUEST_TIMEOUT_SECONDS must be a number of seconds (got "soon")',
    ],
    [{ REQUEST_TIMEOUT_SECONDS: '0' }, 'Invalid configuration: REQUEST_TIMEOUT_SECONDS must be at least 1 (got "0")'],
    [
      { REQUEST_TIMEOUT_SECONDS: '2.5' },
      'Invalid configuration: REQUEST_TIMEOUT_SECONDS must be a whole number of seconds (got "2.5")',
    ],
    [
      { REQUEST_TIMEOUT_SECONDS: '100000' },
      'Invalid configuration: REQUEST_TIMEOUT_SECONDS must be at most 86400 (got "100000")',
    ],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    expect(message).not.toContain('\n');
  });

  it('keeps files in DATA_DIR unless FILE_STORAGE is s3, and reads the bucket settings', () => {
    expect(loadConfig({}).fileStorage).toEqual({ kind: 'local' });
    expect(
      loadConfig({
        FILE_STORAGE: 's3',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_BUCKET: 'firm-files',
        S3_REGION: 'ap-south-1',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'not-a-real-secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_START_TIMEOUT_SECONDS: '40',
      }).fileStorage,
    ).toEqual({
      kind: 's3',
      endpoint: 'http://minio.internal:9000',
      bucket: 'firm-files',
      region: 'ap-south-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'not-a-real-secret' },
      forcePathStyle: true,
      startTimeoutMs: 40_000,
    });
    // On AWS itself: the region's endpoint, and the SDK's own credentials (a machine role).
    expect(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'firm-files' }).fileStorage).toEqual({
      kind: 's3',
      endpoint: undefined,
      bucket: 'firm-files',
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      startTimeoutMs: 15_000,
    });
  });

  it.each([
    [{ FILE_STORAGE: 'bucket' }, 'Invalid configuration: FILE_STORAGE must be local or s3 (got "bucket")'],
    [{ FILE_STORAGE: 's3' }, 'Invalid configuration: S3_BUCKET must be set when FILE_STORAGE is s3'],
    [{ S3_BUCKET: 'firm-files' }, 'Invalid configuration: FILE_STORAGE must be s3 when S3_BUCKET is set'],
    [
      { FILE_STORAGE: 's3', S3_BUCKET: 'Firm_Files' },
      'Invalid configuration: S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots, hyphens) (got "Firm_Files")',
    ],
    [
      { FILE_STORAGE: 's3', S3_BUCKET: 'firm-files', S3_ENDPOINT: 'minio:9000' },
      'Invalid configuration: S3_ENDPOINT must be an http:// or https:// URL (got "minio:9000")',
    ],
    [
      { FILE_STORAGE: 's3', S3_BUCKET: 'firm-files', S3_REGION: 'Mumbai India' },
      'Invalid configuration: S3_REGION must be a region name such as us-east-1 (got "Mumbai India")',
    ],
    [
      { FILE_STORAGE: 's3', S3_BUCKET: 'firm-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
      'Invalid configuration: S3_SECRET_ACCESS_KEY must be set when S3_ACCESS_KEY_ID is set',
    ],
    [
      { FILE_STORAGE: 's3', S3_BUCKET: 'firm-files', S3_SECRET_ACCESS_KEY: 'hidden-value' },
      'Invalid configuration: S3_ACCESS_KEY_ID must be set when S3_SECRET_ACCESS_KEY is set',
    ],
    [
      { FILE_STORAGE: 's3', S3_BUCKET: 'firm-files', S3_FORCE_PATH_STYLE: 'yes' },
      'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false (got "yes")',
    ],
  ])('refuses the object storage settings %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    expect(() => loadConfig(env)).not.toThrow(/hidden-value|AKIAEXAMPLE/);
  });
});
