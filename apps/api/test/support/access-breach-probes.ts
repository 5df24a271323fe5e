import { ROLE_ID } from '@portal/contract/roles';
import type { Action } from '../../src/policy/access-table.js';
import type { TargetFacts } from '../../src/policy/authorize.js';
import type { AccessFixture, Person } from './access-fixture.js';
import type { ThreeWay } from './access-oracle.js';
import { letThrough, type Probe, type TableView, verdictOf } from './access-verdicts.js';

/** The form of an entry the probes save again unchanged. */
const ENTRY = {
  found_on: '2026-03-01',
  found_time: '10:30',
  description: 'A laptop with client files was stolen.',
  data_kinds: ['documents'],
  affected: 'everyone',
  affected_ids: [],
  include_staff: false,
  consequences: 'Misuse of the documents.',
  measures: 'Passwords changed.',
  advice: 'Watch for mail asking for money.',
} as const;

type Entry = { id: number; label: string; facts: TargetFacts };

/**
 * One entry in each register of the fixture, written straight into the database: the platform's and each
 * firm's. A register's keeper, as this test reads the table: an admin for the platform's, the firm's MPC for
 * the firm's.
 */
async function seedEntries(f: AccessFixture, affected: 'chosen' | 'everyone'): Promise<Entry[]> {
  const at = f.t.clock.now().toISOString();
  const registers: [string, number | null, TargetFacts][] = [
    ['platform', null, { id: 0, roleId: ROLE_ID.admin, firmId: null, createdBy: null }],
    ['firm A', f.firmA.mpc.id, f.facts.get(f.firmA.mpc.id) as TargetFacts],
    ['firm B', f.firmB.mpc.id, f.facts.get(f.firmB.mpc.id) as TargetFacts],
  ];
  const entries: Entry[] = [];
  for (const [label, firmId, facts] of registers) {
    const row = await f.t.context.db
      .insertInto('breaches')
      .values({
        firm_id: firmId,
        found_at: '2026-03-01T05:00:00.000Z',
        description: ENTRY.description,
        data_kinds: 'documents',
        data_other: null,
        affected,
        include_staff: 0,
        consequences: ENTRY.consequences,
        measures: ENTRY.measures,
        advice: ENTRY.advice,
        board_reported_on: null,
        board_reported_by: null,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    entries.push({ id: row.id, label: `${label} entry`, facts });
  }
  return entries;
}

/** Each seeded entry tried by `attempt`, beside the table's three-way answer; the entries removed after. */
async function eachEntry(
  f: AccessFixture,
  table: TableView,
  affected: 'chosen' | 'everyone',
  attempt: (entry: Entry) => Promise<ThreeWay | string>,
  also: () => Promise<{ observed: unknown; expected: unknown }> = async () => ({ observed: null, expected: null }),
) {
  const entries = await seedEntries(f, affected);
  try {
    const observed: string[] = [];
    const expected: string[] = [];
    for (const entry of entries) {
      observed.push(`${entry.label}: ${await attempt(entry)}`);
      expected.push(`${entry.label}: ${table.verdict(entry.facts)}`);
    }
    const more = await also();
    return { observed: [observed, more.observed], expected: [expected, more.expected] };
  } finally {
    await f.t.context.db
      .deleteFrom('breaches')
      .where(
        'id',
        'in',
        entries.map((entry) => entry.id),
      )
      .execute();
  }
}

const agreeing = (results: ThreeWay[]) =>
  results.every((result) => result === results[0]) ? (results[0] as ThreeWay) : `split ${JSON.stringify(results)}`;

/** The breach register's probes (support/access-probes.ts): each register's entry seeded, then removed. */
export const BREACH_PROBES: Record<Extract<Action, `breach.${string}`>, Probe> = {
  // An entry, its notices, and whether the register lists it.
  'breach.view': (f, actor: Person, table) =>
    eachEntry(f, table, 'everyone', async (entry) => {
      const read = verdictOf(await f.call('GET', `/api/breaches/${entry.id}`, actor.token));
      const notices = verdictOf(await f.call('GET', `/api/breaches/${entry.id}/notices`, actor.token));
      const list = await f.call('GET', '/api/breaches?limit=100', actor.token);
      const listed = letThrough(list) && list.json().data.data.some((row: { id: number }) => row.id === entry.id);
      if (listed !== (read === 'allowed')) return `listed ${listed}, read ${read}`;
      return agreeing([read, notices]);
    }),

  // An entry saved again unchanged, and marked reported on the day it was found; a new entry in one's own
  // register, by whoever holds a row at all (removed after).
  'breach.record': (f, actor, table) =>
    eachEntry(
      f,
      table,
      'everyone',
      async (entry) => {
        const saved = verdictOf(await f.call('PUT', `/api/breaches/${entry.id}`, actor.token, ENTRY));
        const reported = verdictOf(
          await f.call('POST', `/api/breaches/${entry.id}/board-report`, actor.token, { reported_on: '2026-03-01' }),
        );
        return agreeing([saved, reported]);
      },
      async () => {
        const created = await f.call('POST', '/api/breaches', actor.token, ENTRY);
        if (letThrough(created))
          await f.t.context.db.deleteFrom('breaches').where('id', '=', created.json().data.id).execute();
        return { observed: letThrough(created), expected: table.mayEver };
      },
    ),

  // Sending the notices of an entry that names nobody, so nothing is mailed.
  'breach.notify': (f, actor, table) =>
    eachEntry(f, table, 'chosen', async (entry) =>
      verdictOf(await f.call('POST', `/api/breaches/${entry.id}/notices`, actor.token)),
    ),
};
