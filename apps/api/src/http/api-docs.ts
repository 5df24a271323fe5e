import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { denyFramingInPolicy } from './response-headers.js';

const DOCS_PREFIX = '/api/docs';

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
    transform: jsonSchemaTransform,
  });
  // Its own CSP allows framing by the same origin; the portal denies framing everywhere (clickjacking).
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    transformStaticCSP: denyFramingInPolicy,
  });
}
