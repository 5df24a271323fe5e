import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ZodType } from 'zod';
import { denyFramingInPolicy } from './response-headers.js';

const DOCS_PREFIX = '/api/docs';

type Transform = typeof jsonSchemaTransform;

/**
 * The zod schemas of a route become JSON Schema; a response described as it is (a file, a redirect, 204,
 * http/non-json-answers.ts) passes through untouched.
 */
const transformRouteSchema: Transform = (input) => {
  const response = input.schema?.response as Record<string, unknown> | undefined;
  if (!response) return jsonSchemaTransform(input);
  const zodResponses = Object.fromEntries(Object.entries(response).filter(([, entry]) => entry instanceof ZodType));
  const described = Object.fromEntries(Object.entries(response).filter(([, entry]) => !(entry instanceof ZodType)));
  const transformed = jsonSchemaTransform({ ...input, schema: { ...input.schema, response: zodResponses } });
  const schema = transformed.schema as { response?: Record<string, unknown>; hide?: boolean };
  if (schema.hide) return transformed;
  return { ...transformed, schema: { ...schema, response: { ...schema.response, ...described } } };
};

/** OpenAPI built from the contract's zod schemas, readable at /api/docs without signing in. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) {
      route.config = { ...(route.config as object), public: true };
      route.schema = { ...route.schema, hide: true };
    } else if ((route.config as { public?: boolean } | undefined)?.public) {
      // Shown in the docs without the bearer lock.
      route.schema = { ...route.schema, security: [] };
    }
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Practice Portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: transformRouteSchema,
  });
  // Its own CSP allows framing by the same origin; the portal denies framing everywhere (clickjacking).
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    transformStaticCSP: denyFramingInPolicy,
  });
}
