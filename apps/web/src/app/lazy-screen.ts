import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

/*
 * Every screen behind sign-in is fetched when its route is first opened (docs/performance.md, "The first
 * page"): the sign-in page carries none of them. The router fetches a route's code before it leaves the
 * current screen, and a layout's and its page's code side by side, so nothing flashes in between.
 */
export function lazyScreen<M>(load: () => Promise<M>, render: (module: M) => ReactNode): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await load()) }) };
}

/** A route that fetches its screen when first opened (above): the address, the code, the screen made of it. */
export function lazyRoute<M>(path: string, load: () => Promise<M>, render: (module: M) => ReactNode): RouteObject {
  return { path, ...lazyScreen(load, render) };
}
