import { z } from 'zod';
import { SHARED_MESSAGES } from './shared-messages.js';

export const LINK_MESSAGES = {
  labelRequired: 'Please enter label name',
  valueRequired: 'Please enter value',
  valueInvalid: 'Enter a web address starting with http:// or https://.',
  tooLong: SHARED_MESSAGES.tooLong,
  created: 'Link added successfully.',
  removed: 'Link removed successfully.',
  listed: 'Links fetched successfully.',
  notFound: 'Link not found.',
} as const;

/** Only web addresses: a `javascript:` or `data:` link would run in the portal when clicked. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const userLinkCreateSchema = z.strictObject({
  label: z
    .string({ error: LINK_MESSAGES.labelRequired })
    .trim()
    .min(1, { error: LINK_MESSAGES.labelRequired, abort: true })
    .max(100, LINK_MESSAGES.tooLong),
  value: z
    .string({ error: LINK_MESSAGES.valueRequired })
    .trim()
    .min(1, { error: LINK_MESSAGES.valueRequired, abort: true })
    .max(2000, { error: LINK_MESSAGES.tooLong, abort: true })
    .refine(isWebAddress, LINK_MESSAGES.valueInvalid),
});

export type UserLinkCreateInput = z.input<typeof userLinkCreateSchema>;

export const userLinkSchema = z.object({
  user_link_id: z.number(),
  label: z.string(),
  value: z.string(),
  created_at: z.string(),
});
export type UserLink = z.infer<typeof userLinkSchema>;

export const LINK_PATHS = {
  list: '/userLink/list',
  create: '/userLink/create',
  remove: (linkId: number | string) => `/userLink/remove/${linkId}`,
} as const;
