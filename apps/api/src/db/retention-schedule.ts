import fs from 'node:fs';
import { RECORD_CLASSES, RETENTION_ANCHORS } from '@portal/contract/retention';
import { z } from 'zod';

/**
 * The retention schedule the portal ships, `apps/api/data/retention-schedule.json`: one row per class of
 * record with the provision that sets its period (issue 25, docs/decisions/0046). Migration 0061 seeds
 * `retention_classes` from it; from then on the admin's edits are what the portal runs on.
 */
const SCHEDULE_URL = new URL('../../data/retention-schedule.json', import.meta.url);

const scheduleSchema = z.strictObject({
  checked_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  classes: z.array(
    z.strictObject({
      key: z.enum(RECORD_CLASSES),
      label: z.string().min(1).max(200),
      months: z.number().int().min(1).max(600),
      anchor: z.enum(RETENTION_ANCHORS),
      source: z.string().min(1).max(500),
      pmla_only: z.boolean(),
    }),
  ),
});
export type ShippedRetentionClass = z.output<typeof scheduleSchema>['classes'][number];

export function readShippedRetentionSchedule(): ShippedRetentionClass[] {
  return scheduleSchema.parse(JSON.parse(fs.readFileSync(SCHEDULE_URL, 'utf8'))).classes;
}
