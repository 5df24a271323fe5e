import { API_BASE_PATH } from '@portal/contract/envelope';
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
import { requireAbility } from '../policy/policy.js';

type Ability = Parameters<typeof requireAbility>[0];
type Method = 'get' | 'post' | 'put' | 'delete';

/** Fastify's own route options, with the ability the caller must hold in place of a `preValidation`. */
export type ApiRouteOptions<S extends FastifySchema> = Omit<RouteShorthandOptions, 'schema' | 'preValidation'> & {
  /** Checked before the body or query is validated: a caller without it gets 403, never a 400 or 422. */
  ability?: Ability;
  /** The contract's zod schemas; they type `request.params`, `query` and `body` and feed /api/docs. */
  schema?: S;
};

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
  <S extends FastifySchema>(path: string, options: ApiRouteOptions<S>, handler: ApiRouteHandler<S>): void;
  (path: string, handler: ApiRouteHandler<FastifySchema>): void;
}

/**
 * A module's routes under /api, each one line of what it needs: its path below /api, the ability it
 * asks (docs/authorization.md), the contract's schemas and a thin handler. Routes are still plain
 * Fastify routes (the account gates, /api/docs and `buildApp`'s `observeRoute` see them as before).
 */
export function declareApiRoutes(server: FastifyInstance): Record<Method, DeclareRoute> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const declareWith =
    (method: Method): DeclareRoute =>
    <S extends FastifySchema>(
      path: string,
      optionsOrHandler: ApiRouteOptions<S> | ApiRouteHandler<S>,
      maybeHandler?: ApiRouteHandler<S>,
    ) => {
      const [{ ability, ...options }, handler] =
        typeof optionsOrHandler === 'function' ? [{}, optionsOrHandler] : [optionsOrHandler, maybeHandler];
      // Fastify's shorthand, as the routes were declared before: the same options reach its onRoute hooks.
      const shorthand = app[method].bind(app) as (url: string, options: object, handler: unknown) => void;
      const gate = ability ? { preValidation: requireAbility(ability) } : {};
      shorthand(`${API_BASE_PATH}${path}`, { ...options, ...gate }, handler);
    };
  return { get: declareWith('get'), post: declareWith('post'), put: declareWith('put'), delete: declareWith('delete') };
}
