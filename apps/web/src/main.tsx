import './styles/first-page.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageLoading, RouteError } from './app/route-fallbacks';
import { opensOnSignIn, SignInShell } from './app/sign-in-shell';

/*
 * The first script holds React and the sign-in page only; the portal (router, role areas, their styles)
 * is a second step (docs/performance.md, "The first page"). A visit to / or /login shows the sign-in page
 * at once and fetches the portal while the visitor types; any other address loads the portal first.
 */
const element = document.getElementById('root');
if (!element) throw new Error('The page has no #root element.');
const root = createRoot(element);

const loadPortal = () => import('./app/portal');
let opened: Promise<void> | undefined;

function openPortal(): Promise<void> {
  opened ??= loadPortal().then(
    ({ renderPortal }) => renderPortal(root),
    (error: unknown) => {
      opened = undefined;
      throw error;
    },
  );
  return opened;
}

let prefetched = false;
/** Fetches the portal and the screens a sign-in lands on, so that signing in waits for none of them. */
function prefetchPortal(): void {
  if (prefetched) return;
  prefetched = true;
  loadPortal()
    .then(({ preloadSignInTarget }) => preloadSignInTarget())
    .catch(() => {
      prefetched = false;
    });
}

if (opensOnSignIn()) {
  root.render(
    <StrictMode>
      <SignInShell openPortal={openPortal} onAttempt={prefetchPortal} />
    </StrictMode>,
  );
  // When the browser is idle, or when the visitor presses Login if sooner.
  if ('requestIdleCallback' in window) window.requestIdleCallback(prefetchPortal, { timeout: 2000 });
  else setTimeout(prefetchPortal, 500);
} else {
  root.render(<PageLoading />);
  // Its code failed to arrive: say so, with a reload, rather than leave the page blank.
  openPortal().catch(() => root.render(<RouteError />));
}

// The service worker keeps this build's code on the device and shows a plain page offline (docs/decisions/0038).
// Registered once the page has loaded, so its downloads never compete with the first page's.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
