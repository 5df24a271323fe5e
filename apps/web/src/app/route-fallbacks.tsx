/*
 * Plain markup with Bootstrap's classes: the loading state also shows before the portal's code (and
 * react-bootstrap with it) has arrived.
 */

/** While a screen's code arrives: the first screen of a visit, or any screen on a page reload. */
export function PageLoading() {
  return (
    <div className="d-flex justify-content-center py-5">
      <div className="spinner-border text-primary" role="status">
        <span className="visually-hidden">Loading…</span>
      </div>
    </div>
  );
}

/**
 * A screen that failed to load or render. The usual cause is a new release: this tab names script files
 * the server no longer has, and a reload fetches the new ones.
 */
export function RouteError() {
  return (
    <main className="container py-5 text-center">
      <h1 className="h4">This page could not be opened</h1>
      <p>The portal may have been updated. Reload to continue.</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
