// Forms and query strings send an untouched field as '' (a JSON form sometimes as null): the schemas read
// such a field as absent before checking it, in one of these two ways.

/** `''` or `null` read as absent: a filter a form sends empty. */
export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** `''` alone read as absent: a query-string field; `null` still reaches the schema (and is refused). */
export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
