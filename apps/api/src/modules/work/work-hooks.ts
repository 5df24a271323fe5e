import type { WorkItemRequests } from '@portal/contract/work';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { declareHook, declareProvided } from '../../hook-list.js';
import type { WorkItemRow } from './work-item-query.js';

export type WorkItemChanged = {
  workId: number;
  /** Open before the change, and after it: an item that closes stops what awaits the client. */
  wasOpen: boolean;
  isOpen: boolean;
  actorId: number | null;
  at: string;
};

/** A work item changed (any field, its status included): fired inside the change's transaction. */
export const onWorkItemChanged = declareHook<Kysely<DB>, WorkItemChanged>('onWorkItemChanged');

/** The document requests hanging off an item, as its answer shows them (modules/requests provides it). */
export const readRequestsOfWorkItem =
  declareProvided<
    (context: AppContext, actor: Actor, row: WorkItemRow, filesShown: boolean) => Promise<WorkItemRequests>
  >('readRequestsOfWorkItem');

/**
 * Which new items went in: by id (one made by hand), or one planning statement's items, named as a set
 * (a million ids would not fit one statement): those of `ruleId` and `serviceId` with ids from `firstId`
 * to `lastId`. On PostgreSQL another server's items of the rule may lie in that range: whoever copies
 * their checklist first does, the other skips them.
 */
export type CreatedWorkItems =
  | { workIds: number[] }
  | { planned: { ruleId: number; serviceId: number; firstId: number; lastId: number } };

/**
 * New work items went in (one made by hand, or the items one planning statement inserted): fired in the
 * creation's transaction, or right after the planning statement. `checklists` copies each item's
 * template in one statement.
 */
export const onWorkItemsCreated = declareHook<Kysely<DB>, CreatedWorkItems>('onWorkItemsCreated');

/** How many steps of an item's checklist are not ticked yet (modules/checklists provides it). */
export const countOpenChecklistSteps =
  declareProvided<(db: Kysely<DB>, workId: number) => Promise<number>>('countOpenChecklistSteps');

/**
 * Whether moving an item to completed must wait for its invoice: a fee-bearing item (its service charged
 * per item) that no live invoice bills yet (modules/billing provides it; the firm's setting decides).
 */
export const isUnbilledFeeItem =
  declareProvided<(db: Kysely<DB>, workId: number) => Promise<boolean>>('isUnbilledFeeItem');
