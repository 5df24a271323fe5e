import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Actor } from '../auth/actor.js';
import { createAnswerSerializer } from './answer-serializer.js';
import { declareApiRoutes } from './api-routes.js';
import { presentSuccess } from './envelope.js';
import { registerErrorHandler } from './error-handler.js';
import { validateWithZod } from './request-validation.js';

const CALLER: Actor = { id: 7, role: 'admin', firmId: null, status: 'active', tokenId: 1 };
const noteSchema = z.object({ id: z.number(), title: z.string() });

/** A bare app with the project's serialiser and validation; the caller is signed in unless the header says not. */
function buildApp(): FastifyInstance {
  const app = Fastify();
  app.setValidatorCompiler(validateWithZod);
  app.setSerializerCompiler(createAnswerSerializer());
  registerErrorHandler(app);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    request.actor = request.headers['x-anonymous'] ? null : CALLER;
  });
  return app;
}

describe('declareApiRoutes', () => {
  let app: FastifyInstance;
  afterEach(async () => {
    await app.close();
  });

  it('wraps a data handler’s answer in the envelope, with 201 for a creation, and hands it the caller', async () => {
    app = buildApp();
    const route = declareApiRoutes(app);
    route.post(
      '/notes',
      { body: z.object({ title: z.string() }), answer: noteSchema, message: 'Note made.', created: true },
      (request, actor) => ({ id: actor.id, title: request.body.title }),
    );
    const response = await app.inject({ method: 'POST', url: '/api/notes', payload: { title: 'A' } });
    expect(response.statusCode).toBe(201);
    expect(response.body).toBe('{"status":"success","message":"Note made.","data":{"id":7,"title":"A"}}');
  });

  it('answers 200 without `created`, and a field outside the answer schema never leaves', async () => {
    app = buildApp();
    const route = declareApiRoutes(app);
    route.get('/notes/1', { answer: noteSchema, message: 'Note.' }, async () => ({
      id: 1,
      title: 'A',
      password_hash: 'secret',
    }));
    const response = await app.inject({ method: 'GET', url: '/api/notes/1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: 'Note.', data: { id: 1, title: 'A' } });
    expect(response.body).not.toContain('secret');
  });

  it('answers data null for a route whose answer is null and whose handler returns nothing', async () => {
    app = buildApp();
    const route = declareApiRoutes(app);
    let removed = 0;
    route.post('/notes/1/remove', { answer: z.null(), message: 'Note removed.' }, async () => {
      removed += 1;
    });
    const response = await app.inject({ method: 'POST', url: '/api/notes/1/remove' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"status":"success","message":"Note removed.","data":null}');
    expect(removed).toBe(1);
  });

  it('refuses a data route to a request without a caller (401), before its handler runs', async () => {
    app = buildApp();
    const route = declareApiRoutes(app);
    let ran = false;
    route.get('/notes/2', { answer: z.null(), message: 'Note.' }, () => {
      ran = true;
      return null;
    });
    const response = await app.inject({ method: 'GET', url: '/api/notes/2', headers: { 'x-anonymous': '1' } });
    expect(response.statusCode).toBe(401);
    expect(ran).toBe(false);
  });

  it('keeps the handler that answers itself (its own status and envelope)', async () => {
    app = buildApp();
    const route = declareApiRoutes(app);
    route.post('/notes/3', { answer: noteSchema }, async (_request, reply) => {
      reply.code(202);
      return presentSuccess('Queued.', { id: 3, title: 'C' });
    });
    const response = await app.inject({ method: 'POST', url: '/api/notes/3' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'success', message: 'Queued.', data: { id: 3, title: 'C' } });
  });

  it('types a data handler’s return by its answer schema', () => {
    app = buildApp();
    const route = declareApiRoutes(app);
    // @ts-expect-error `title` must be a string, as noteSchema says.
    route.get('/notes/4', { answer: noteSchema, message: 'Note.' }, () => ({ id: 4, title: 4 }));
    // @ts-expect-error A data route is never public: its handler is given the caller.
    route.get('/notes/5', { config: { public: true }, answer: noteSchema, message: 'Note.' }, () => ({
      id: 5,
      title: 'E',
    }));
  });
});
