/**
 * Where every read of files is cached: a client's service levels, the client's Recent Files, the
 * services shared by other firms. A change to files made elsewhere (a requested document uploaded)
 * invalidates it whole.
 */
export const FILES_QUERY_KEY = ['files'] as const;
