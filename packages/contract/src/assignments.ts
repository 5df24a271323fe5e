import { z } from 'zod';
import { serviceRefFields } from './answer-field-groups.js';
import { rowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';

export const ASSIGNMENT_MESSAGES = {
  mpcUsernameRequired: 'MPC username is required',
  mpcUnknown: 'No active MPC has this username.',
  mpcOwnFirm: 'This is your own firm: choose a PC or an executor instead.',
  pcInvalid: 'Select a PC of your firm.',
  executorInvalid: 'Select an executor of your firm.',
  serviceNotOfClient: "This service is not one of the client's services.",
  clientInvalid: SHARED_MESSAGES.clientInvalid,
  serviceInvalid: SHARED_MESSAGES.serviceInvalid,
  typeInvalid: 'Choose PC/Executor (true) or MPC (false).',
  typeSaved: 'Assignment mode saved.',
  saved: 'Assignment saved successfully.',
  listed: 'Assignments fetched successfully.',
} as const;

const M = ASSIGNMENT_MESSAGES;
/** A person to assign, or null to clear the assignment. */
const assignee = (message: string) =>
  z.union([rowIdSchema(message), z.null()], { error: message }).transform((value) => value ?? null);

export const assignTypeSchema = z.strictObject({
  client_id: rowIdSchema(M.clientInvalid),
  assign_service_type: z.boolean({ error: M.typeInvalid }),
});

export const assignPcSchema = z.strictObject({
  client_id: rowIdSchema(M.clientInvalid),
  service_id: rowIdSchema(M.serviceInvalid),
  pc_id: assignee(M.pcInvalid),
});

export const assignExecutorSchema = z.strictObject({
  client_id: rowIdSchema(M.clientInvalid),
  service_id: rowIdSchema(M.serviceInvalid),
  executor_id: assignee(M.executorInvalid),
});

export const assignMpcSchema = z.strictObject({
  client_id: rowIdSchema(M.clientInvalid),
  service_id: rowIdSchema(M.serviceInvalid),
  mpc_username: z
    .string({ error: M.mpcUsernameRequired })
    .trim()
    .min(1, { error: M.mpcUsernameRequired, abort: true })
    .max(100, M.mpcUnknown)
    .toLowerCase(),
});

/** One service of a client and who handles it ("Service assignment"). */
export const serviceAssignmentSchema = z.object({
  ...serviceRefFields,
  pc_id: z.number().nullable(),
  pc_username: z.string().nullable(),
  executor_id: z.number().nullable(),
  executor_username: z.string().nullable(),
  mpc_username: z.string().nullable(),
});
export type ServiceAssignment = z.infer<typeof serviceAssignmentSchema>;

export const clientServiceSchema = z.object({ service_id: z.number(), service_name: z.string() });
export type ClientService = z.infer<typeof clientServiceSchema>;

export const ASSIGNMENT_PATHS = {
  clientServices: (clientId: number | string) => `/service/client/${clientId}`,
  assignments: (clientId: number | string) => `/service/assignService/${clientId}`,
  updateType: '/service/updateAssignType',
  assignPc: '/service/assignPC',
  assignExecutor: '/service/assignExecutor',
  assignMpc: '/service/assignMPC',
} as const;
