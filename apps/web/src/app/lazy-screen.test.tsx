import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyRoute } from './lazy-screen';

describe('lazyRoute', () => {
  it('answers its address and, when opened, the screen made from the module it fetched', async () => {
    const route = lazyRoute(
      'ready',
      async () => ({ title: 'Ready to bill' }),
      ({ title }) => <h1>{title}</h1>,
    );
    expect(route.path).toBe('ready');
    const lazy = route.lazy as () => Promise<{ element: ReactElement<{ children: string }> }>;
    const { element } = await lazy();
    expect(element.props.children).toBe('Ready to bill');
  });
});
