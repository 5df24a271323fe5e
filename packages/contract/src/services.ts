import { z } from 'zod';
import { recordTimesFields, serviceRefFields } from './answer-field-groups.js';
import { SAC_CODES, type SacCode } from './billing.js';
import { buildRequiredText } from './text-fields.js';

export const SERVICE_MESSAGES = {
  nameRequired: 'Please enter service name',
  nameTooLong: 'Service name may not be longer than 100 characters.',
  nameInvalid: 'Service name may not contain control characters.',
  nameTaken: 'A service with this name already exists.',
  idInvalid: 'Service id must be a positive whole number.',
  sacInvalid: 'Choose a SAC code of legal and accounting services, or none.',
  notFound: 'Service not found.',
  created: 'Service created successfully.',
  updated: 'Service updated successfully.',
  listed: 'Services fetched successfully.',
} as const;

const SERVICE_NAME_MAX = 100;

// Control characters would render invisibly in selects and tables.
function hasControlCharacter(text: string): boolean {
  return [...text].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });
}

/** Add Service modal and `POST /api/service/create` (an edit when `service_id` is given). */
export const serviceSaveSchema = z.strictObject({
  service_name: buildRequiredText(SERVICE_MESSAGES.nameRequired, SERVICE_MESSAGES.nameTooLong, SERVICE_NAME_MAX).refine(
    (name) => !hasControlCharacter(name),
    SERVICE_MESSAGES.nameInvalid,
  ),
  service_id: z
    .number({ error: SERVICE_MESSAGES.idInvalid })
    .int(SERVICE_MESSAGES.idInvalid)
    .positive(SERVICE_MESSAGES.idInvalid)
    .optional(),
  /** The SAC code invoices of this service carry (issue 23); null: none yet; absent: unchanged. */
  sac_code: z
    .enum(
      SAC_CODES.map((entry) => entry.code),
      { error: SERVICE_MESSAGES.sacInvalid },
    )
    .nullable()
    .optional(),
});

export type ServiceSaveInput = z.input<typeof serviceSaveSchema>;
export type ServiceSave = z.output<typeof serviceSaveSchema>;

export const serviceSchema = z.object({
  ...serviceRefFields,
  sac_code: z.enum(SAC_CODES.map((entry) => entry.code) as [SacCode, ...SacCode[]]).nullable(),
  ...recordTimesFields,
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceOptionSchema = z.object({ value: z.number(), label: z.string() });
export type ServiceOption = z.infer<typeof serviceOptionSchema>;

export const SERVICE_PATHS = {
  allServices: '/service/allServices',
  all: '/service/all',
  create: '/service/create',
  options: '/service/options',
} as const;
