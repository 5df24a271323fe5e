import '../styles/portal.scss';
import '../styles/app.css';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { preloadAreaStart } from './area-routes';
import { AppProviders } from './providers';
import { createPortalRouter } from './router';

type PortalRouter = ReturnType<typeof createPortalRouter>;

/** Resolves once the router has the first screen's code (or knows it failed), so that screen shows at once. */
function whenFirstScreenReady(router: PortalRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** Fetches, without running them, the code every sign-in lands on: the area's layout and dashboard. */
export function preloadSignInTarget(): Promise<unknown> {
  return preloadAreaStart();
}

/**
 * The whole portal (router, query cache, react-bootstrap, the screens' styles) taking over the page.
 * Importing this module only fetches it: the router is made here, when it takes over, and whatever the
 * page showed (the sign-in page, its spinner still turning, or the loading spinner) stays until the
 * first screen can be drawn.
 */
export async function renderPortal(root: Root): Promise<void> {
  const router = createPortalRouter();
  await whenFirstScreenReady(router);
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
