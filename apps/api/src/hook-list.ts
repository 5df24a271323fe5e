/**
 * A typed in-process hook: the module that owns an event declares it and fires it where the event
 * happens; app.ts registers the listeners, so the modules that react sit above the one that fires and
 * the order of what follows an event is read in one place (docs/decisions/0027).
 *
 * `Scope` is what a listener works in: the transaction of the change (`Kysely<DB>`), or the app's
 * context for an event fired after its transaction.
 */
export type HookList<Scope, Event> = {
  readonly name: string;
  /** Adds a listener; adding the same function again changes nothing (every app build wires the same). */
  listen(listener: (scope: Scope, event: Event) => Promise<void>): void;
  /** Runs every listener in the order app.ts registered them, one after the other. */
  fire(scope: Scope, event: Event): Promise<void>;
};

export function declareHook<Scope, Event>(name: string): HookList<Scope, Event> {
  const listeners = new Set<(scope: Scope, event: Event) => Promise<void>>();
  return {
    name,
    listen(listener) {
      listeners.add(listener);
    },
    async fire(scope, event) {
      for (const listener of listeners) await listener(scope, event);
    },
  };
}

/**
 * One function a lower module needs from a higher one to answer (work's item answer lists the requests
 * hanging off it): declared by the lower module, provided by app.ts.
 */
export type Provided<Fn extends (...args: never[]) => unknown> = {
  readonly name: string;
  provide(implementation: Fn): void;
  call(...args: Parameters<Fn>): ReturnType<Fn>;
};

export function declareProvided<Fn extends (...args: never[]) => unknown>(
  name: string,
  /** What it answers until app.ts provides it: a slot a module built beside this one fills later. */
  fallback?: Fn,
): Provided<Fn> {
  let implementation: Fn | undefined = fallback;
  return {
    name,
    provide(next) {
      implementation = next;
    },
    call(...args) {
      if (!implementation) throw new Error(`${name} has no implementation: app.ts provides it`);
      return implementation(...args) as ReturnType<Fn>;
    },
  };
}
