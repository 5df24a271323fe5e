import { z } from 'zod';

// Field groups that many answers carry side by side, each written once and spread into its z.object at
// the place it stands (the order of the fields, and so the JSON Schema, stays as it was).

/** The client a row is about: its id and the name shown. */
export const clientRefFields = { client_id: z.number(), client_name: z.string() };

/** The service a row is about: its id and name. */
export const serviceRefFields = { service_id: z.number(), service_name: z.string() };

/** When a record was made and last changed (ISO times). */
export const recordTimesFields = { created_at: z.string(), updated_at: z.string() };
