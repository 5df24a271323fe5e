import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../src/auth/tokens.js';
import { insertAccessToken } from '../src/modules/sessions/access-tokens.repository.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

for (const dialect of listTestDialects()) {
  describe(`housekeeping on ${dialect}`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect);
    });
    afterEach(async () => t.close());

    const ago = (ms: number) => new Date(t.clock.now().getTime() - ms).toISOString();

    it('deletes sessions that ended over a week ago and keeps the rest', async () => {
      const user = await t.createUser('admin');
      const liveToken = await t.signIn(user);
      // How long ago each was last used and reaches its absolute end (negative: still ahead); a session
      // also ends 12 hours after its last use.
      const sessions = {
        idleEndedDaysAgo: { lastUsed: 2 * DAY, expires: -5 * DAY },
        idleEndedOverAWeekAgo: { lastUsed: 12 * HOUR + 7 * DAY + MINUTE, expires: 12 * HOUR },
        endedOverAWeekAgo: { lastUsed: 7 * DAY + 2 * HOUR, expires: 7 * DAY + HOUR },
        endedThreeDaysAgo: { lastUsed: 3 * DAY + 2 * HOUR, expires: 3 * DAY },
      };
      for (const [name, times] of Object.entries(sessions)) {
        await insertAccessToken(t.context.db, {
          userId: user.id,
          tokenHash: hashToken(name),
          now: ago(times.lastUsed),
          expiresAt: ago(times.expires),
          ip: '192.0.2.1',
          userAgent: null,
        });
      }

      await t.scheduler.tick();
      const left = await t.context.db.selectFrom('access_tokens').select('token_hash').execute();
      expect(left.map((row) => row.token_hash).sort()).toEqual(
        [hashToken('endedThreeDaysAgo'), hashToken('idleEndedDaysAgo'), hashToken(liveToken)].sort(),
      );
      expect((await t.request({ method: 'GET', url: '/api/me', token: liveToken })).statusCode).toBe(200);
    });

    it('deletes throttle counters whose window has passed, of every rule', async () => {
      const now = t.clock.now().getTime();
      await t.context.db
        .insertInto('throttle_counters')
        .values([
          { key: 'registration-address:192.0.2.7', attempts: 3, window_ends_at: ago(MINUTE) },
          { key: 'profile-update:user:9', attempts: 2, window_ends_at: ago(0) },
          { key: 'sign-in-account:user:9', attempts: 4, window_ends_at: new Date(now + MINUTE).toISOString() },
        ])
        .execute();

      await t.scheduler.tick();
      const left = await t.context.db.selectFrom('throttle_counters').select('key').execute();
      expect(left.map((row) => row.key)).toEqual(['sign-in-account:user:9']);
    });

    it('removes stale uploads from DATA_DIR/tmp hourly in each process, not at once (start-up does that)', async () => {
      const tempDir = path.join(t.dataDir, 'tmp');
      const place = (name: string, ageMs: number) => {
        const file = path.join(tempDir, name);
        fs.writeFileSync(file, Buffer.alloc(100, 1));
        const time = new Date(t.clock.now().getTime() - ageMs);
        fs.utimesSync(file, time, time);
      };
      fs.mkdirSync(tempDir, { recursive: true });
      place('left-by-a-crash.part', 2 * HOUR);
      await t.scheduler.tick();
      expect(fs.readdirSync(tempDir)).toEqual(['left-by-a-crash.part']);

      t.clock.advance(HOUR);
      place('in-progress.part', MINUTE);
      await t.scheduler.tick();
      expect(fs.readdirSync(tempDir)).toEqual(['in-progress.part']);
    });
  });
}
