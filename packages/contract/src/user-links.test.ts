import { describe, expect, it } from 'vitest';
import { LINK_MESSAGES as L, userLinkCreateSchema } from './user-links.js';

function errorsOf(input: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of userLinkCreateSchema.safeParse(input).error?.issues ?? []) {
    const key = issue.path.join('.');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

describe('user links', () => {
  it.each([
    [
      { label: '', value: '' },
      { label: [L.labelRequired], value: [L.valueRequired] },
    ],
    [{}, { label: [L.labelRequired], value: [L.valueRequired] }],
    [{ label: 'Bad', value: 'javascript:alert(1)' }, { value: [L.valueInvalid] }],
    [{ label: 'Bad', value: 'data:text/html,<b>x</b>' }, { value: [L.valueInvalid] }],
    [{ label: 'Bad', value: 'ftp://files.example.in' }, { value: [L.valueInvalid] }],
    [{ label: 'Bad', value: 'not a url' }, { value: [L.valueInvalid] }],
    [{ label: 'x'.repeat(101), value: 'https://example.in' }, { label: [L.tooLong] }],
  ])('refuses %o', (input, errors) => {
    expect(errorsOf(input)).toEqual(errors);
  });

  it('accepts a web address, trimmed', () => {
    expect(userLinkCreateSchema.parse({ label: ' GST portal ', value: ' https://www.gst.gov.in/ ' })).toEqual({
      label: 'GST portal',
      value: 'https://www.gst.gov.in/',
    });
  });
});
