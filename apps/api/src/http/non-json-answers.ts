/**
 * Answers that are not the JSON envelope (files, CSV, ZIP, PDF, redirects, 204), described in
 * /api/docs as what they are. Fastify does not serialise them (a stream, a buffer or text with its
 * own content type); the description is for the OpenAPI document and its readers.
 */
export type NonJsonAnswer = {
  readonly kind: 'non-json';
  /** The `response` entries by status, as @fastify/swagger reads them (`description`, `content`). */
  readonly responses: Readonly<Record<string, Record<string, unknown>>>;
};

export function isNonJsonAnswer(answer: unknown): answer is NonJsonAnswer {
  return typeof answer === 'object' && answer !== null && (answer as NonJsonAnswer).kind === 'non-json';
}

const binary = { type: 'string', format: 'binary' } as const;

/** A file of one of these content types (a download, a CSV, a ZIP, a PDF), with 200. */
export function fileAnswer(description: string, contentTypes: readonly string[]): NonJsonAnswer {
  const content = Object.fromEntries(contentTypes.map((type) => [type, { schema: binary }]));
  return { kind: 'non-json', responses: { 200: { description, content } } };
}

/** A redirect (302 or 303 by default) to the address in `Location`. */
export function redirectAnswer(description: string, statuses: readonly number[] = [302, 303]): NonJsonAnswer {
  const entry = { description, headers: { Location: { type: 'string' } } };
  return { kind: 'non-json', responses: Object.fromEntries(statuses.map((status) => [status, entry])) };
}

/** 204: nothing in the body. */
export function emptyAnswer(description: string): NonJsonAnswer {
  return { kind: 'non-json', responses: { 204: { description, type: 'null' } } };
}
