import type { AppContext } from '../../app-context.js';
import { declareHook } from '../../hook-list.js';

export type RuleChange = {
  ruleId: number;
  /** Null: a calendar update shipped with the portal (compliance-tasks.ts), not a person. */
  actorId: number | null;
  /** The rule's due dates moved: every period, or the one `period` an extension names. */
  datesChanged: boolean;
  period?: string;
  /** The rule plans work after the change (enabled, with a service). */
  generates: boolean;
  at: Date;
};

/** A due-date rule was edited or extended: fired after its transaction, as the items it plans follow. */
export const onRuleChanged = declareHook<AppContext, RuleChange>('onRuleChanged');
