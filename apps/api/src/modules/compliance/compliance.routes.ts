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
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { listComplianceRules, recordRuleExtension, updateComplianceRule } from './compliance.service.js';

/** The statutory calendar: everyone reads it, the admin edits it (docs/compliance-calendar.md). */
export function registerComplianceRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(COMPLIANCE_PATHS.rules, { ability: 'compliance.read', answer: z.array(complianceRuleSchema) }, async () =>
    presentSuccess(COMPLIANCE_MESSAGES.listed, await listComplianceRules(context)),
  );

  route.put(
    '/compliance/rules/:id',
    {
      ability: 'compliance.write',
      schema: { params: ruleIdParamsSchema, body: ruleUpdateSchema },
      answer: complianceRuleSchema,
    },
    async (request) =>
      presentSuccess(
        COMPLIANCE_MESSAGES.saved,
        await updateComplianceRule(context, requireActor(request), request.params.id, request.body, request.ip),
      ),
  );

  route.post(
    '/compliance/rules/:id/extensions',
    {
      ability: 'compliance.write',
      schema: { params: ruleIdParamsSchema, body: ruleExtensionSchema },
      answer: complianceRuleSchema,
    },
    async (request, reply) => {
      const rule = await recordRuleExtension(
        context,
        requireActor(request),
        request.params.id,
        request.body,
        request.ip,
      );
      return reply.code(201).send(presentSuccess(COMPLIANCE_MESSAGES.extensionSaved, rule));
    },
  );
}
