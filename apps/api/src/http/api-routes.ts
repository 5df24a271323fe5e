import { API_BASE_PATH, failureEnvelopeSchema, successEnvelopeSchema } from '@portal/contract/envelope';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireAbility } from '../policy/policy.js';
import { isNonJsonAnswer, type NonJsonAnswer } from './non-json-answers.js';

type Ability = Parameters<typeof requireAbility>[0];
type Method = 'get' | 'post' | 'put' | 'delete';

/** What a route answers on success: the contract's schema of its `data` (wrapped once in the envelope), or a non-JSON answer. */
export type RouteAnswer = z.ZodType | NonJsonAnswer;

/** Fastify's own route options, with the ability the caller must hold in place of a `preValidation`. */
export type ApiRouteOptions<S extends FastifySchema, A extends RouteAnswer | undefined = undefined> = Omit<
  RouteShorthandOptions,
  'schema' | 'preValidation'
> & {
  /** Checked before the body or query is validated: a caller without it gets 403, never a 400 or 422. */
  ability?: Ability;
  /** The contract's zod schemas; they type `request.params`, `query` and `body` and feed /api/docs. */
  schema?: S;
  /**
   * The success answer: the zod schema of its `data` (200 and 201, in the success envelope; Fastify
   * serialises with it, so a field it does not name never leaves), or `fileAnswer`, `redirectAnswer`,
   * `emptyAnswer` (http/non-json-answers.ts). Every failure is described as the error envelope.
   */
  answer?: A;
};

type SuccessEnvelope<A extends z.ZodType> = ReturnType<typeof successEnvelopeSchema<A>>;
type FailureResponses = { '4xx': typeof failureEnvelopeSchema; '5xx': typeof failureEnvelopeSchema };

/** The route's schema as Fastify sees it, with the answer's envelope typing what the handler returns. */
export type AnsweredSchema<S extends FastifySchema, A> = A extends z.ZodType
  ? S & { response: { 200: SuccessEnvelope<A>; 201: SuccessEnvelope<A> } & FailureResponses }
  : S;

export type ApiRouteHandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** `route.get(path, options, handler)`, or `route.get(path, handler)` for a route that needs no options. */
interface DeclareRoute {
  <S extends FastifySchema, A extends RouteAnswer | undefined = undefined>(
    path: string,
    options: ApiRouteOptions<S, A>,
    handler: ApiRouteHandler<AnsweredSchema<S, A>>,
  ): void;
  (path: string, handler: ApiRouteHandler<FastifySchema>): void;
}

/** The `response` of a route's schema: its answer (201 too for a POST) and the error envelope of every failure. */
export function describeResponses(answer: RouteAnswer, method: Method = 'get'): Record<string, unknown> {
  const failures = { '4xx': failureEnvelopeSchema, '5xx': failureEnvelopeSchema };
  if (isNonJsonAnswer(answer)) return { ...answer.responses, ...failures };
  const success = successEnvelopeSchema(answer);
  return method === 'post' ? { 200: success, 201: success, ...failures } : { 200: success, ...failures };
}

/**
 * A module's routes under /api, each one line of what it needs: its path below /api, the ability it
 * asks (docs/authorization.md), the contract's schemas, its answer and a thin handler. Routes are still
 * plain Fastify routes (the account gates, /api/docs and `buildApp`'s `observeRoute` see them as before).
 */
export function declareApiRoutes(server: FastifyInstance): Record<Method, DeclareRoute> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const declareWith =
    (method: Method): DeclareRoute =>
    <S extends FastifySchema, A extends RouteAnswer | undefined>(
      path: string,
      optionsOrHandler: ApiRouteOptions<S, A> | ApiRouteHandler<AnsweredSchema<S, A>>,
      maybeHandler?: ApiRouteHandler<AnsweredSchema<S, A>>,
    ) => {
      const [{ ability, answer, schema, ...options }, handler] =
        typeof optionsOrHandler === 'function'
          ? [{} as ApiRouteOptions<S, A>, optionsOrHandler]
          : [optionsOrHandler, maybeHandler];
      // Fastify's shorthand, as the routes were declared before: the same options reach its onRoute hooks.
      const shorthand = app[method].bind(app) as (url: string, options: object, handler: unknown) => void;
      const gate = ability ? { preValidation: requireAbility(ability) } : {};
      const described = answer
        ? { schema: { ...schema, response: describeResponses(answer, method) } }
        : schema
          ? { schema }
          : {};
      shorthand(`${API_BASE_PATH}${path}`, { ...options, ...described, ...gate }, handler);
    };
  return { get: declareWith('get'), post: declareWith('post'), put: declareWith('put'), delete: declareWith('delete') };
}
