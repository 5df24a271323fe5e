import {
  COMPLIANCE_MESSAGES,
  COMPLIANCE_PATHS,
  complianceRuleSchema,
  ruleExtensionSchema,
  ruleIdParamsSchema,
  ruleUpdateSchema,
} from '@portal/contract/compliance';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { listComplianceRules, recordRuleExtension, updateComplianceRule } from './compliance.service.js';

/** The statutory calendar: everyone reads it, the admin edits it (docs/compliance-calendar.md). */
export function registerComplianceRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    COMPLIANCE_PATHS.rules,
    { ability: 'compliance.read', answer: z.array(complianceRuleSchema), message: COMPLIANCE_MESSAGES.listed },
    () => listComplianceRules(context),
  );

  route.put(
    '/compliance/rules/:id',
    {
      ability: 'compliance.write',
      params: ruleIdParamsSchema,
      body: ruleUpdateSchema,
      answer: complianceRuleSchema,
      message: COMPLIANCE_MESSAGES.saved,
    },
    (request, actor) => updateComplianceRule(context, actor, request.params.id, request.body, request.ip),
  );

  route.post(
    '/compliance/rules/:id/extensions',
    {
      ability: 'compliance.write',
      params: ruleIdParamsSchema,
      body: ruleExtensionSchema,
      answer: complianceRuleSchema,
      message: COMPLIANCE_MESSAGES.extensionSaved,
      created: true,
    },
    (request, actor) => recordRuleExtension(context, actor, request.params.id, request.body, request.ip),
  );
}
