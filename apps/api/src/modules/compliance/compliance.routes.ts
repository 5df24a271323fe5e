import {
  COMPLIANCE_MESSAGES,
  COMPLIANCE_PATHS,
  ruleExtensionSchema,
  ruleIdParamsSchema,
  ruleUpdateSchema,
} from '@portal/contract/compliance';
import { API_BASE_PATH } from '@portal/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { presentSuccess } from '../../http/envelope.js';
import { requireAbility } from '../../policy/policy.js';
import { listComplianceRules, recordRuleExtension, updateComplianceRule } from './compliance.service.js';

/** The statutory calendar: everyone reads it, the admin edits it (docs/compliance-calendar.md). */
export function registerComplianceRoutes(server: FastifyInstance, context: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const path = (suffix: string) => `${API_BASE_PATH}${suffix}`;

  app.get(path(COMPLIANCE_PATHS.rules), { preValidation: requireAbility('compliance.read') }, async () =>
    presentSuccess(COMPLIANCE_MESSAGES.listed, await listComplianceRules(context)),
  );

  app.put(
    path('/compliance/rules/:id'),
    {
      preValidation: requireAbility('compliance.write'),
      schema: { params: ruleIdParamsSchema, body: ruleUpdateSchema },
    },
    async (request) =>
      presentSuccess(
        COMPLIANCE_MESSAGES.saved,
        await updateComplianceRule(context, requireActor(request), request.params.id, request.body, request.ip),
      ),
  );

  app.post(
    path('/compliance/rules/:id/extensions'),
    {
      preValidation: requireAbility('compliance.write'),
      schema: { params: ruleIdParamsSchema, body: ruleExtensionSchema },
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
