import { describe, expect, it } from 'vitest';
import { SERVICE_MESSAGES, serviceSaveSchema } from './services.js';

function firstMessage(input: unknown, field: string): string | undefined {
  const result = serviceSaveSchema.safeParse(input);
  return result.error?.issues.find((issue) => issue.path.join('.') === field)?.message;
}

describe('serviceSaveSchema', () => {
  it.each([
    ['missing name', {}, 'service_name', SERVICE_MESSAGES.nameRequired],
    ['empty name', { service_name: '' }, 'service_name', SERVICE_MESSAGES.nameRequired],
    ['blank name', { service_name: '   ' }, 'service_name', SERVICE_MESSAGES.nameRequired],
    ['name of wrong type', { service_name: 7 }, 'service_name', SERVICE_MESSAGES.nameRequired],
    ['101 characters', { service_name: 'x'.repeat(101) }, 'service_name', SERVICE_MESSAGES.nameTooLong],
    ['a control character', { service_name: 'GST\u0007' }, 'service_name', SERVICE_MESSAGES.nameInvalid],
    ['a zero id', { service_name: 'GST', service_id: 0 }, 'service_id', SERVICE_MESSAGES.idInvalid],
    ['a fractional id', { service_name: 'GST', service_id: 1.5 }, 'service_id', SERVICE_MESSAGES.idInvalid],
    ['a text id', { service_name: 'GST', service_id: '3' }, 'service_id', SERVICE_MESSAGES.idInvalid],
  ])('rejects %s', (_name, input, field, message) => {
    expect(firstMessage(input, field)).toBe(message);
  });

  it.each([
    ['1 character', 'G', 'G'],
    ['100 characters', 'x'.repeat(100), 'x'.repeat(100)],
    ['100 characters after trimming', `  ${'y'.repeat(100)}  `, 'y'.repeat(100)],
    ['inner spaces', ' Income Tax Return ', 'Income Tax Return'],
  ])('accepts %s and trims it', (_name, input, expected) => {
    expect(serviceSaveSchema.parse({ service_name: input }).service_name).toBe(expected);
  });

  it('keeps service_id for an edit', () => {
    expect(serviceSaveSchema.parse({ service_name: 'GST', service_id: 4 })).toEqual({
      service_name: 'GST',
      service_id: 4,
    });
  });

  it('rejects unknown fields', () => {
    const result = serviceSaveSchema.safeParse({ service_name: 'GST', price: 10 });
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});
