import { createBrowserRouter, Navigate } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { ACCOUNT_SETUP_PATH } from '../lib/session';
import { areaRoutes } from './area-routes';
import { LinkProblemPage } from './link-problem-page';
import { PageLoading, RouteError } from './route-fallbacks';
import { SignInRoute } from './sign-in-route';

/**
 * The portal's router, made when the portal takes over the page (portal.tsx), so it starts from the
 * address of that moment. Registration and every role area arrive when opened (area-routes.tsx).
 */
export function createPortalRouter() {
  const router = createBrowserRouter([
    {
      hydrateFallbackElement: <PageLoading />,
      errorElement: <RouteError />,
      children: [
        { path: '/', element: <SignInRoute /> },
        { path: '/login', element: <SignInRoute /> },
        {
          path: '/registration',
          lazy: async () => {
            const { RegistrationRoute } = await import('./registration-route');
            return { element: <RegistrationRoute /> };
          },
        },
        // Reached from a mailed link or the sign-in page's "Forgot password?": fetched when opened.
        {
          path: '/forgot-password',
          lazy: async () => {
            const { ForgotPasswordPage } = await import('../features/auth/forgot-password-page');
            return { element: <ForgotPasswordPage /> };
          },
        },
        {
          path: '/reset-password',
          lazy: async () => {
            const { ResetPasswordPage } = await import('../features/auth/reset-password-page');
            return { element: <ResetPasswordPage /> };
          },
        },
        {
          path: ACCOUNT_SETUP_PATH,
          lazy: async () => {
            const { AccountSetupRoute } = await import('./account-setup-route');
            return { element: <AccountSetupRoute /> };
          },
        },
        { path: '/link-problem', element: <LinkProblemPage /> },
        // A document request's mailed link (issue 24): no sign-in, no shell; fetched when opened.
        {
          path: '/r/:token',
          lazy: async () => {
            const { RequestLinkPage } = await import('../features/request-link/request-link-page');
            return { element: <RequestLinkPage /> };
          },
        },
        ...areaRoutes,
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);

  // Another user may sign in next in this browser: nothing cached may outlive the session.
  setUnauthorizedHandler(() => {
    queryClient.clear();
    const { pathname, search } = router.state.location;
    void router.navigate('/', { replace: true, state: { from: `${pathname}${search}` } });
  });
  return router;
}
