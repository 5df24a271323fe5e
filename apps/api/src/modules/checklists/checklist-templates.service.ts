import {
  type ChecklistTemplate,
  type checklistTemplateSchema,
  CHECKLIST_MESSAGES as M,
} from '@portal/contract/checklists';
import { ROLE_ID } from '@portal/contract/roles';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failForbidden, failNotFound } from '../../http/http-error.js';
import type { Action } from '../../policy/access-table.js';
import { authorize, firmOf, mayEver } from '../../policy/authorize.js';
import { recordAudit } from '../audit/audit.service.js';
import { findExistingServiceIds } from '../services/services.service.js';
import {
  deleteTemplate,
  insertTemplate,
  listTemplateSteps,
  listTemplatesOf,
  replaceTemplateSteps,
} from './checklists.repository.js';

/**
 * Whose templates the caller works on: the admin the platform's (null), the others their firm's. The
 * target of the access table's rows is the firm, i.e. its MPC (docs/decisions/0030).
 */
function scopeOf(actor: Actor, action: Extract<Action, `checklist.template${string}`>): number | null {
  if (actor.role === 'admin') {
    if (!mayEver(actor, action)) failForbidden();
    return null;
  }
  const firmId = firmOf(actor);
  const firm = { id: firmId ?? -1, roleId: ROLE_ID.mpc, firmId, createdBy: null };
  if (firmId === null || !authorize(actor, action, firm)) failForbidden();
  return firmId;
}

/** Whose template of the service the caller works on (`scopeOf`: 403 first), once the service is known to exist. */
async function resolveTemplateFirm(
  context: AppContext,
  actor: Actor,
  action: Extract<Action, `checklist.template${string}`>,
  serviceId: number,
): Promise<number | null> {
  const firmId = scopeOf(actor, action);
  if (!(await findExistingServiceIds(context.db, [serviceId])).has(serviceId)) failNotFound(M.serviceNotFound);
  return firmId;
}

/** The template that firm (null: the platform) keeps itself for the service, if any. */
async function findOwnTemplate(db: Kysely<DB>, serviceId: number, firmId: number | null) {
  return (await listTemplatesOf(db, serviceId, firmId)).find((template) => template.firm_id === firmId);
}

/** `GET /api/checklists/services/:service_id`: the template in force for the caller's firm (or the platform). */
export async function readChecklistTemplate(
  context: AppContext,
  actor: Actor,
  serviceId: number,
): Promise<ChecklistTemplate> {
  const firmId = await resolveTemplateFirm(context, actor, 'checklist.template_read', serviceId);
  const templates = await listTemplatesOf(context.db, serviceId, firmId);
  const platform = templates.find((template) => template.firm_id === null);
  const own = firmId === null ? undefined : templates.find((template) => template.firm_id === firmId);
  const platformSteps = platform ? await listTemplateSteps(context.db, platform.id) : [];
  const inForce = own ?? platform;
  return {
    service_id: serviceId,
    source: own ? 'firm' : 'platform',
    steps: own ? await listTemplateSteps(context.db, own.id) : platformSteps,
    platform_steps: platformSteps,
    updated_at: inForce ? new Date(inForce.updated_at).toISOString() : null,
    permissions: { manage: mayEver(actor, 'checklist.template') },
  };
}

/**
 * `PUT /api/checklists/services/:service_id`: the admin saves the platform's template, an MPC its firm's
 * own (which replaces the platform's for the firm). Items already made keep the steps they copied.
 */
export async function saveChecklistTemplate(
  context: AppContext,
  actor: Actor,
  serviceId: number,
  input: z.output<typeof checklistTemplateSchema>,
): Promise<ChecklistTemplate> {
  const firmId = await resolveTemplateFirm(context, actor, 'checklist.template', serviceId);
  const at = context.clock.now();
  const touched = { by: actor.id, at: at.toISOString() };
  await context.db.transaction().execute(async (trx) => {
    const existing = await findOwnTemplate(trx, serviceId, firmId);
    const templateId = existing?.id ?? (await insertTemplate(trx, { serviceId, firmId, ...touched }));
    await replaceTemplateSteps(trx, templateId, input.steps, touched);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'checklist.template.update',
      entityType: 'service',
      entityId: serviceId,
      details: { scope: firmId === null ? 'platform' : 'firm', steps: input.steps.length },
      at,
    });
  });
  return readChecklistTemplate(context, actor, serviceId);
}

/**
 * `DELETE /api/checklists/services/:service_id`: an MPC's firm goes back to the platform's template; the
 * admin's removes the platform's (the service then has no checklist where a firm keeps none).
 */
export async function resetChecklistTemplate(
  context: AppContext,
  actor: Actor,
  serviceId: number,
): Promise<ChecklistTemplate> {
  const firmId = await resolveTemplateFirm(context, actor, 'checklist.template', serviceId);
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    const existing = await findOwnTemplate(trx, serviceId, firmId);
    if (!existing) return;
    await deleteTemplate(trx, existing.id);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'checklist.template.reset',
      entityType: 'service',
      entityId: serviceId,
      details: { scope: firmId === null ? 'platform' : 'firm' },
      at,
    });
  });
  return readChecklistTemplate(context, actor, serviceId);
}
