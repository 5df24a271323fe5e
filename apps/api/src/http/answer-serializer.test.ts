import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAnswerSerializer } from './answer-serializer.js';

const schema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  tags: z.array(z.object({ label: z.string() })),
  note: z.string().optional(),
});
const compile = (checkAnswers: boolean) =>
  createAnswerSerializer({ checkAnswers })({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });

describe('the answer serializer', () => {
  it('writes what the schema names and drops every other field', () => {
    const written = compile(false)({ id: 1, name: null, tags: [{ label: 'a', secret: 'x' }], password_hash: 'h' });
    expect(JSON.parse(written)).toEqual({ id: 1, name: null, tags: [{ label: 'a' }] });
  });

  it('in tests, refuses an answer the schema would change, naming where', () => {
    expect(compile(true)({ id: 1, name: 'A', tags: [] })).toBe('{"id":1,"name":"A","tags":[]}');
    expect(() => compile(true)({ id: 1, name: 'A', tags: [{ label: 'a', extra: 1 }] })).toThrow(
      'The answer of GET /api/x (200) does not fit its schema at tags[0].extra (dropped)',
    );
    expect(() => compile(true)({ id: '7', name: 'A', tags: [] })).toThrow('at id ("7" written as 7)');
  });

  it('fails an answer without a required field', () => {
    expect(() => compile(false)({ name: 'A', tags: [] })).toThrow(/id/);
  });

  it('leaves a schema that is not zod (a file, a redirect) to JSON.stringify', () => {
    const serialize = createAnswerSerializer()({
      schema: { type: 'string' },
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(serialize({ a: 1 })).toBe('{"a":1}');
  });
});
