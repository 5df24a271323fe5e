import type { Action } from '../../src/policy/access-table.js';
import type { TargetFacts } from '../../src/policy/authorize.js';
import type { AccessFixture, Person } from './access-fixture.js';
import { agree, asUser, eachTarget, letThrough, type Probe } from './access-verdicts.js';

/** One unread notification to every person, written straight into the database; answers their ids. */
async function seedNoticeForEach(f: AccessFixture): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const person of f.people) {
    const row = await f.t.context.db
      .insertInto('notifications')
      .values({
        user_id: person.id,
        kind: 'work_due_soon',
        subject: `Probe notice of ${person.id}`,
        detail: '2026-04-30',
        created_at: f.t.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(person.id, row.id);
  }
  return ids;
}

/** The notification probe (support/access-probes.ts); it removes what it seeded. */
export const NOTIFICATION_PROBES: Record<Extract<Action, `notification.${string}` | 'firm.feed'>, Probe> = {
  // A firm's feed and its owner's notice choices have no target but the caller's firm: read, and saved unchanged.
  'firm.feed': async (f, actor, table) => {
    const feed = await f.call('GET', '/api/dashboard/firm-feed', actor.token);
    const read = await f.call('GET', '/api/me/owner-notices', actor.token);
    const saved = await f.call('PUT', '/api/me/owner-notices', actor.token, { kind: 'owner_work_filed', in_app: true });
    return {
      observed: agree([letThrough(feed), letThrough(read), letThrough(saved)]),
      expected: table.allows(f.facts.get(actor.id) as TargetFacts),
    };
  },
  // Every person's notice: listed on the actor's bell, and marked read by the actor, exactly when the table says.
  'notification.read': async (f, actor: Person, table) => {
    const ids = await seedNoticeForEach(f);
    try {
      const page = await f.call('GET', '/api/notifications?limit=100', actor.token);
      const listed: number[] = letThrough(page) ? page.json().data.data.map((entry: { id: number }) => entry.id) : [];
      return await eachTarget(
        f.people,
        asUser(f),
        async (target) => {
          const id = ids.get(target.id) as number;
          const marked = await f.call('POST', '/api/notifications/read', actor.token, { ids: [id] });
          const row = await f.t.context.db
            .selectFrom('notifications')
            .select('read_at')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          return agree([listed.includes(id), letThrough(marked) && row.read_at !== null]);
        },
        table,
      );
    } finally {
      await f.t.context.db
        .deleteFrom('notifications')
        .where('id', 'in', [...ids.values()])
        .execute();
    }
  },
};
