import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

type CounterState = { attempts: number; window_ends_at: string };

/**
 * Counts one attempt in a single statement: a new key or an expired window starts again at 1, anything
 * else adds 1. The database serialises concurrent upserts of one key, so each caller sees its own count.
 */
export function bumpThrottleCounter(
  db: Kysely<DB>,
  values: { key: string; now: string; windowEndsAt: string },
): Promise<CounterState> {
  return db
    .insertInto('throttle_counters')
    .values({ key: values.key, attempts: 1, window_ends_at: values.windowEndsAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        const expired = eb('throttle_counters.window_ends_at', '<=', values.now);
        return {
          attempts: eb
            .case()
            .when(expired)
            .then(eb.ref('excluded.attempts'))
            .else(eb('throttle_counters.attempts', '+', 1))
            .end(),
          window_ends_at: eb
            .case()
            .when(expired)
            .then(eb.ref('excluded.window_ends_at'))
            .else(eb.ref('throttle_counters.window_ends_at'))
            .end(),
        };
      }),
    )
    .returning(['attempts', 'window_ends_at'])
    .executeTakeFirstOrThrow();
}

/** Takes one attempt back, but only within the window it was counted in. */
export async function decrementThrottleCounter(db: Kysely<DB>, key: string, windowEndsAt: string): Promise<void> {
  await db
    .updateTable('throttle_counters')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('key', '=', key)
    .where('window_ends_at', '=', windowEndsAt)
    .where('attempts', '>', 0)
    .execute();
}

export async function deleteThrottleCounter(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('throttle_counters').where('key', '=', key).execute();
}

export async function deleteExpiredThrottleCounters(db: Kysely<DB>, now: string): Promise<void> {
  await db.deleteFrom('throttle_counters').where('window_ends_at', '<=', now).execute();
}
