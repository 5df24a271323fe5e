import type { TestApp } from './test-app.js';

/** The activity log's events of `action` ("checklist.%" for every action it starts), oldest first. */
export function readAuditEvents(t: Pick<TestApp, 'context'>, action: string) {
  return t.context.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'entity_type', 'entity_id', 'details'])
    .where('action', action.endsWith('%') ? 'like' : '=', action)
    .orderBy('id')
    .execute();
}
