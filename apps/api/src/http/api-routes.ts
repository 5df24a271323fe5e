import { API_BASE_PATH, failureEnvelopeSchema, successEnvelopeSchema } from '@portal/contract/envelope';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyRequest,
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
import type { Actor } from '../auth/actor.js';
import { requireActor } from '../auth/authenticate.js';
import { requireAbility } from '../policy/policy.js';
import { presentSuccess } from './envelope.js';
import { isNonJsonAnswer, type NonJsonAnswer } from './non-json-answers.js';

type Ability = Parameters<typeof requireAbility>[0];
type Method = 'get' | 'post' | 'put' | 'delete';

/** What a route answers on success: the contract's schema of its `data` (wrapped once in the envelope), or a non-JSON answer. */
export type RouteAnswer = z.ZodType | NonJsonAnswer;

type Part = z.ZodType | undefined;

/** The parts of a request a route validates: the contract's zod schemas of its params, query and body. */
export interface RequestParts<P extends Part = Part, Q extends Part = Part, B extends Part = Part> {
  params?: P;
  querystring?: Q;
  body?: B;
}
const REQUEST_PARTS: readonly string[] = ['params', 'querystring', 'body'] satisfies (keyof RequestParts)[];

/** The request's parts as Fastify's `schema` holds them (a missing part is `undefined`: no type for it). */
type PartsSchema<P extends Part, Q extends Part, B extends Part> = { params: P; querystring: Q; body: B };

/**
 * Fastify's own route options, with the ability the caller must hold in place of a `preValidation`, and
 * the request's parts (`params`, `querystring`, `body`: the contract's zod schemas, which type
 * `request.params`, `query` and `body` and feed /api/docs) beside them rather than under `schema`.
 */
export type ApiRouteOptions<
  P extends Part,
  Q extends Part,
  B extends Part,
  A extends RouteAnswer | undefined = undefined,
> = Omit<RouteShorthandOptions, 'schema' | 'preValidation'> &
  RequestParts<P, Q, B> & {
    /** Checked before the body or query is validated: a caller without it gets 403, never a 400 or 422. */
    ability?: Ability;
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

type RouteConfig = NonNullable<RouteShorthandOptions['config']>;

/**
 * A route whose handler returns only its data: the envelope's message is declared here and the data is
 * wrapped once, here, in `{status, message, data}`. Never public, so its handler is given the caller.
 */
export type DataRouteOptions<P extends Part, Q extends Part, B extends Part, A extends z.ZodType> = Omit<
  ApiRouteOptions<P, Q, B, A>,
  'config'
> & {
  answer: A;
  /** The success envelope's `message`. */
  message: string;
  /** 201 in place of 200: the route made something. */
  created?: true;
  config?: Omit<RouteConfig, 'public'> & { public?: false };
};

/**
 * The data of the answer (typed from its schema, checked against it) for the request and its signed-in
 * caller; a route whose answer is `z.null()` may return nothing (its data is then `null`).
 */
export type DataRouteHandler<S extends FastifySchema, A extends z.ZodType> = (
  request: Parameters<ApiRouteHandler<AnsweredSchema<S, A>>>[0],
  actor: Actor,
) => Promise<DataOf<A>> | DataOf<A>;

// `void`, not `undefined`: a service that returns `Promise<void>` is the handler itself.
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing is the point
type DataOf<A extends z.ZodType> = A extends z.ZodNull ? null | void : z.input<A>;

/**
 * `route.get(path, {message, answer, ...}, (request, actor) => data)`; `route.get(path, options, handler)`
 * for a route that answers otherwise (a file, a redirect, a message that depends on the outcome), or
 * `route.get(path, handler)` for a route that needs no options.
 */
interface DeclareRoute {
  <A extends z.ZodType, P extends Part = undefined, Q extends Part = undefined, B extends Part = undefined>(
    path: string,
    options: DataRouteOptions<P, Q, B, A>,
    handler: DataRouteHandler<PartsSchema<P, Q, B>, A>,
  ): void;
  <
    A extends RouteAnswer | undefined = undefined,
    P extends Part = undefined,
    Q extends Part = undefined,
    B extends Part = undefined,
  >(
    path: string,
    options: ApiRouteOptions<P, Q, B, A>,
    handler: ApiRouteHandler<AnsweredSchema<PartsSchema<P, Q, B>, A>>,
  ): void;
  (path: string, handler: ApiRouteHandler<FastifySchema>): void;
}

/** The `response` of a route's ...its answer (201 too for a POST) and the error envelope of every failure. */
export function describeResponses(answer: RouteAnswer, method: Method = 'get'): Record<string, unknown> {
  const failures = { '4xx': failureEnvelopeSchema, '5xx': failureEnvelopeSchema };
  if (isNonJsonAnswer(answer)) return { ...answer.responses, ...failures };
  const success = successEnvelopeSchema(answer);
  return method === 'post' ? { 200: success, 201: success, ...failures } : { 200: success, ...failures };
}

/** Either kind of options, as the declaration reads them. */
type AnyRouteOptions = ApiRouteOptions<Part, Part, Part, RouteAnswer | undefined> &
  Partial<Pick<DataRouteOptions<Part, Part, Part, z.ZodType>, 'message' | 'created'>>;

/**
 * A module's routes under /api, each one line of what it needs: its path below /api, the ability it
 * asks (docs/authorization.md), the contract's schemas, its answer and a thin handler. Routes are still
 * plain Fastify routes (the account gates, /api/docs and `buildApp`'s `observeRoute` see them as before).
 */
export function declareApiRoutes(server: FastifyInstance): Record<Method, DeclareRoute> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const declareWith =
    (method: Method): DeclareRoute =>
    (path: string, optionsOrHandler: AnyRouteOptions | ApiRouteHandler<FastifySchema>, maybeHandler?: unknown) => {
      const [{ ability, answer, message, created, ...rest }, givenHandler]: [AnyRouteOptions, unknown] =
        typeof optionsOrHandler === 'function' ? [{}, optionsOrHandler] : [optionsOrHandler, maybeHandler];
      const [schema, options] = splitRequestParts(rest);
      // Fastify's shorthand, as the routes were declared before: the same options reach its onRoute hooks.
      const shorthand = app[method].bind(app) as (url: string, options: object, handler: unknown) => void;
      const gate = ability ? { preValidation: requireAbility(ability) } : {};
      const described = answer
        ? { schema: { ...schema, response: describeResponses(answer, method) } }
        : Object.keys(schema).length > 0
          ? { schema }
          : {};
      const handler = message === undefined ? givenHandler : wrapData(message, created, givenHandler);
      shorthand(`${API_BASE_PATH}${path}`, { ...options, ...described, ...gate }, handler);
    };
  return { get: declareWith('get'), post: declareWith('post'), put: declareWith('put'), delete: declareWith('delete') };
}

/** The request's parts (Fastify's `schema`) apart from the other route options. */
function splitRequestParts(options: Record<string, unknown>): [RequestParts, Record<string, unknown>] {
  const parts: Record<string, unknown> = {};
  const others: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (REQUEST_PARTS.includes(key)) parts[key] = value;
    else others[key] = value;
  }
  return [parts as RequestParts, others];
}

/** A data handler made a Fastify handler: the caller in, the data out in the success envelope (201 if `created`). */
function wrapData(message: string, created: true | undefined, handler: unknown): RouteHandlerMethod {
  const answerData = handler as (request: FastifyRequest, actor: Actor) => unknown;
  return async (request, reply) => {
    const data = await answerData(request, requireActor(request));
    if (created) reply.code(201);
    return presentSuccess(message, data === undefined ? null : data);
  };
}
