import { type Kysely, sql } from 'kysely';
import { countRows } from '../../db/count-rows.js';
import { insertRow } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';

/** A template's row: `firmId` null is the platform's. */
export type TemplateRow = { id: number; firm_id: number | null; updated_at: string };

/** The platform's template of a service, and the firm's own when `firmId` is given and it keeps one. */
export function listTemplatesOf(db: Kysely<DB>, serviceId: number, firmId: number | null): Promise<TemplateRow[]> {
  return db
    .selectFrom('checklist_templates')
    .select(['id', 'firm_id', 'updated_at'])
    .where('service_id', '=', serviceId)
    .where((eb) =>
      firmId === null ? eb('firm_id', 'is', null) : eb.or([eb('firm_id', 'is', null), eb('firm_id', '=', firmId)]),
    )
    .execute();
}

/** A template's steps, in order. */
export async function listTemplateSteps(db: Kysely<DB>, templateId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('checklist_template_steps')
    .select('label')
    .where('template_id', '=', templateId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.label);
}

export function insertTemplate(
  db: Kysely<DB>,
  values: { serviceId: number; firmId: number | null; by: number; at: string },
): Promise<number> {
  return insertRow(db, 'checklist_templates', {
    service_id: values.serviceId,
    firm_id: values.firmId,
    updated_by: values.by,
    created_at: values.at,
    updated_at: values.at,
  });
}

/** Replaces a template's steps with these, in this order. */
export async function replaceTemplateSteps(
  db: Kysely<DB>,
  templateId: number,
  steps: string[],
  touched: { by: number; at: string },
): Promise<void> {
  await db
    .updateTable('checklist_templates')
    .set({ updated_by: touched.by, updated_at: touched.at })
    .where('id', '=', templateId)
    .execute();
  await db.deleteFrom('checklist_template_steps').where('template_id', '=', templateId).execute();
  if (steps.length === 0) return;
  await db
    .insertInto('checklist_template_steps')
    .values(steps.map((label, index) => ({ template_id: templateId, position: index + 1, label })))
    .execute();
}

export async function deleteTemplate(db: Kysely<DB>, templateId: number): Promise<void> {
  await db.deleteFrom('checklist_templates').where('id', '=', templateId).execute();
}

/** The items `copyTemplateSteps` reads: some ids, or one planning statement's items of a rule (an id range). */
type NewItems = { workIds: number[] } | { ruleId: number; serviceId: number; firstId: number; lastId: number };

/** Copies the template in force (the firm's own, else the platform's) to new items that have no steps yet. */
async function copyTemplateSteps(db: Kysely<DB>, items: NewItems): Promise<void> {
  await db
    .insertInto('work_item_checklist_steps')
    .columns(['work_item_id', 'position', 'label'])
    .expression((eb) => {
      let select = eb
        .selectFrom('work_items as item')
        .innerJoin('checklist_templates as template', 'template.service_id', 'item.service_id')
        .innerJoin('checklist_template_steps as step', 'step.template_id', 'template.id')
        .select(['item.id', 'step.position', 'step.label']);
      select =
        'workIds' in items
          ? select.where('item.id', 'in', items.workIds)
          : // The service named outright lets the database start from its (few) templates: none, no work.
            select
              .where('template.service_id', '=', items.serviceId)
              .where('item.id', '>=', items.firstId)
              .where('item.id', '<=', items.lastId)
              .where('item.rule_id', '=', items.ruleId);
      return select
        .where((where) =>
          where.or([
            where('template.firm_id', '=', where.ref('item.firm_id')),
            where.and([
              where('template.firm_id', 'is', null),
              where.not(
                where.exists(
                  where
                    .selectFrom('checklist_templates as own')
                    .select(sql<number>`1`.as('one'))
                    .whereRef('own.service_id', '=', 'item.service_id')
                    .whereRef('own.firm_id', '=', 'item.firm_id'),
                ),
              ),
            ]),
          ]),
        )
        .where((where) =>
          where.not(
            where.exists(
              where
                .selectFrom('work_item_checklist_steps as present')
                .select(sql<number>`1`.as('one'))
                .whereRef('present.work_item_id', '=', 'item.id'),
            ),
          ),
        );
    })
    // Two servers copying one planned item's steps at once: the first wins, the second adds nothing.
    .onConflict((conflict) => conflict.columns(['work_item_id', 'position']).doNothing())
    .execute();
}

/** New items (ids) copy the template in force for their firm and service. */
export function copyTemplatesToItems(db: Kysely<DB>, workIds: number[]): Promise<void> {
  return copyTemplateSteps(db, { workIds });
}

/**
 * One planning statement's items (of `ruleId`, ids `firstId` to `lastId`) copy the template in force: one
 * statement however many they are. Another server's items of the rule in that range (PostgreSQL hands
 * out ids to both at once) get theirs once: from whichever copy comes first.
 */
export function copyTemplatesToPlannedItems(
  db: Kysely<DB>,
  items: { ruleId: number; serviceId: number; firstId: number; lastId: number },
): Promise<void> {
  return copyTemplateSteps(db, items);
}

export type StepRow = {
  id: number;
  label: string;
  done_by: number | null;
  done_at: string | null;
  doer_first_name: string | null;
  doer_last_name: string | null;
};

/** An item's steps in order, with who ticked each. */
export function listItemSteps(db: Kysely<DB>, workId: number): Promise<StepRow[]> {
  return db
    .selectFrom('work_item_checklist_steps as step')
    .$call(joinPersonName('doer', 'step.done_by'))
    .select(['step.id', 'step.label', 'step.done_by', 'step.done_at'])
    .where('step.work_item_id', '=', workId)
    .orderBy('step.position')
    .execute();
}

/** One step of the item, or undefined when the id names none of its steps. */
export function findItemStep(
  db: Kysely<DB>,
  workId: number,
  stepId: number,
): Promise<{ id: number; label: string; done_at: string | null } | undefined> {
  return db
    .selectFrom('work_item_checklist_steps')
    .select(['id', 'label', 'done_at'])
    .where('id', '=', stepId)
    .where('work_item_id', '=', workId)
    .executeTakeFirst();
}

/** Ticks (who, when) or unticks one step of the item. */
export async function markItemStep(
  db: Kysely<DB>,
  values: { workId: number; stepId: number; doneBy: number | null; doneAt: string | null },
): Promise<void> {
  await db
    .updateTable('work_item_checklist_steps')
    .set({ done_by: values.doneBy, done_at: values.doneAt })
    .where('id', '=', values.stepId)
    .where('work_item_id', '=', values.workId)
    .execute();
}

/** The item's steps not ticked yet. */
export async function countOpenSteps(db: Kysely<DB>, workId: number): Promise<number> {
  return countRows(
    db.selectFrom('work_item_checklist_steps').where('work_item_id', '=', workId).where('done_at', 'is', null),
  );
}
