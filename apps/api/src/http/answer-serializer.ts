import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * A route's answer schema is the contract's zod schema; Fastify serialises with it through
 * fast-json-stringify (compiled once per route and status from the schema's JSON Schema): a field the
 * schema does not name never leaves the server, and the answer is written faster than by JSON.stringify.
 */
export function createAnswerSerializer(options: { checkAnswers?: boolean } = {}): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    const stringify = fastJson(toSerializableJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
    if (!options.checkAnswers) return (data) => stringify(data);
    // Tests: an answer the schema would change (a field dropped, a value coerced) is a bug, named here.
    return (data) => {
      const written = stringify(data);
      const difference = findDifference(JSON.parse(JSON.stringify(data)), JSON.parse(written), '');
      if (difference !== undefined) {
        throw new Error(`The answer of ${method} ${url} (${httpStatus}) does not fit its schema at ${difference}`);
      }
      return written;
    };
  };
}

/** The schema's JSON Schema as fast-json-stringify reads it fastest: `nullable` rather than `anyOf` with null. */
export function toSerializableJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as JsonSchema;
  return simplifyNullable(json) as JsonSchema;
}

function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node as JsonSchema).map(([key, value]) => [key, simplifyNullable(value)] as const);
  const simplified: JsonSchema = Object.fromEntries(entries);
  const options = simplified.anyOf;
  if (Array.isArray(options) && options.length === 2) {
    const nullIndex = options.findIndex((option) => isNullType(option));
    const other = options[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex >= 0 && other && typeof other.type === 'string' && other.anyOf === undefined) {
      const { anyOf: _anyOf, ...rest } = simplified;
      return { ...rest, ...other, nullable: true };
    }
  }
  return simplified;
}

function isNullType(option: unknown): boolean {
  return typeof option === 'object' && option !== null && (option as JsonSchema).type === 'null';
}

/** The first path where `written` differs from `sent`, or undefined when the schema kept the answer whole. */
function findDifference(sent: unknown, written: unknown, path: string): string | undefined {
  if (sent === written) return undefined;
  if (Array.isArray(sent) && Array.isArray(written)) {
    if (sent.length !== written.length) return `${path || '(root)'} (length)`;
    for (let index = 0; index < sent.length; index += 1) {
      const found = findDifference(sent[index], written[index], `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (isRecord(sent) && isRecord(written)) {
    for (const key of new Set([...Object.keys(sent), ...Object.keys(written)])) {
      const child = path ? `${path}.${key}` : key;
      if (!Object.hasOwn(written, key)) return `${child} (dropped)`;
      if (!Object.hasOwn(sent, key)) return `${child} (added)`;
      const found = findDifference(sent[key], written[key], child);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return `${path || '(root)'} (${JSON.stringify(sent)} written as ${JSON.stringify(written)})`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
