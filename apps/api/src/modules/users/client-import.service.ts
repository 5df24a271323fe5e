import { randomBytes } from 'node:crypto';
import type { FieldErrors } from '@portal/contract/envelope';
import {
  CLIENT_IMPORT_LIMITS,
  type ImportCheck,
  type ImportResult,
  type ImportRowProblem,
  USER_CSV_MESSAGES as M,
} from '@portal/contract/user-csv';
import { buildUserFormSchema, type UserFormData } from '@portal/contract/user-form';
import { USER_MESSAGES } from '@portal/contract/user-messages';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { hashPassword } from '../../auth/passwords.js';
import type { DB } from '../../db/schema.js';
import { parseCsv } from '../../http/csv-reader.js';
import { failForbidden, HttpError } from '../../http/http-error.js';
import { collectFieldErrors } from '../../http/request-validation.js';
import { firmOf } from '../../policy/authorize.js';
import { canCreateRole } from '../../policy/users.policy.js';
import { recordAudit } from '../audit/audit.service.js';
import { listServiceCatalogue } from '../services/services.service.js';
import { listFirmClientPans, listTakenEmails } from './client-import.repository.js';
import {
  addImportError,
  columnOfFormError,
  type ImportCandidate,
  type ImportColumns,
  mergeErrors,
  readImportHeader,
  readImportRow,
} from './client-import-rows.js';
import { onClientServicesChanged } from './user-hooks.js';
import { insertNewUserRow } from './user-insert.js';
import { findUserFieldOfUniqueViolation } from './users.repository.js';

/**
 * Clients from a CSV file (issue 13, docs/csv-import.md, docs/decisions/0025): every row judged by the
 * shared form's schema, as `POST /api/user/create` judges a form, plus the duplicates a file can hold;
 * the dry run answers each row's errors, the import creates every row in one transaction or none.
 */

type ImportFile = { columns: ImportColumns; rows: { row: number; cells: string[] }[] };

const fileError = (status: number, message: string, errors: FieldErrors = { file: [message] }) =>
  new HttpError(status, message, errors);

/** The file's header and data rows (blank rows skipped, numbered as a spreadsheet numbers them). */
function readImportFile(text: string): ImportFile {
  const parsed = parseCsv(text);
  if (!parsed.ok) {
    const { kind, record } = parsed.problem;
    throw fileError(422, kind === 'unclosed-quote' ? M.unclosedQuote(record) : M.textAfterQuote(record));
  }
  const [header, ...records] = parsed.records;
  if (!header || header.every((cell) => cell.trim() === '')) throw fileError(422, M.empty);
  const read = readImportHeader(header);
  if ('errors' in read) throw new HttpError(422, M.wrongHeader, read.errors);
  const rows = records
    .map((cells, index) => ({ row: index + 2, cells }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) throw fileError(422, M.noRows);
  if (rows.length > CLIENT_IMPORT_LIMITS.maxRows) throw fileError(413, M.tooManyRows);
  return { columns: read.columns, rows };
}

/** A row judged: its form data when it passed, its errors by column, its email and PAN as compared. */
type JudgedRow = { row: number; data: UserFormData | null; errors: FieldErrors; email: string; pan: string };

/** A cell compared for repeats: only one that passed its own check (a broken email is reported as broken). */
function comparable(candidate: ImportCandidate, errors: FieldErrors, field: string, column: string): string {
  const value = candidate.fields[field];
  if (typeof value !== 'string' || Object.hasOwn(errors, column)) return '';
  return field === 'email' ? value.trim().toLowerCase() : value.trim().toUpperCase();
}

type FormSchema = ReturnType<typeof buildUserFormSchema>;

/** The form's schema on each row; a column a cell already failed on keeps that cell's error alone. */
function judgeWithFormSchema(schema: FormSchema, candidate: ImportCandidate): JudgedRow {
  const result = schema.safeParse(candidate.fields);
  const errors: FieldErrors = Object.create(null);
  mergeErrors(errors, candidate.errors);
  if (!result.success) {
    for (const [key, messages] of Object.entries(collectFieldErrors(result.error.issues))) {
      const column = columnOfFormError(key, candidate.partnerNumbers);
      if (Object.hasOwn(candidate.errors, column)) continue;
      for (const message of messages) addImportError(errors, column, message);
    }
  }
  const valid = result.success && Object.keys(errors).length === 0;
  return {
    row: candidate.row,
    data: valid ? result.data : null,
    errors,
    email: comparable(candidate, errors, 'email', 'email'),
    pan: comparable(candidate, errors, 'pan_number', 'pan_number'),
  };
}

/** The same email, or PAN, twice in the file: each later row names the first. */
function markRepeats(rows: JudgedRow[]): void {
  const firstRowOf = { email: new Map<string, number>(), pan: new Map<string, number>() };
  for (const judged of rows) {
    for (const kind of ['email', 'pan'] as const) {
      const value = judged[kind];
      if (!value) continue;
      const first = firstRowOf[kind].get(value);
      if (first === undefined) firstRowOf[kind].set(value, judged.row);
      else if (kind === 'email') addImportError(judged.errors, 'email', M.emailInFile(first));
      else addImportError(judged.errors, 'pan_number', M.panInFile(first));
    }
  }
}

const emailsOf = (rows: JudgedRow[]) => [...new Set(rows.map((row) => row.email).filter(Boolean))];

/**
 * Emails a user of the firm has, PANs a client of the firm has. An email of another firm's user is not
 * told row by row: a dry run that did would tell anyone who signs up who uses the portal (issue 20).
 */
async function markTaken(db: Kysely<DB>, actor: Actor, rows: JudgedRow[]): Promise<void> {
  const emails = await listTakenEmails(db, emailsOf(rows), firmOf(actor) ?? -1);
  const pans = await listFirmClientPans(db, firmOf(actor) ?? -1, [
    ...new Set(rows.map((row) => row.pan).filter(Boolean)),
  ]);
  for (const row of rows) {
    if (emails.has(row.email)) addImportError(row.errors, 'email', USER_MESSAGES.emailTaken);
    if (pans.has(row.pan)) addImportError(row.errors, 'pan_number', M.panTaken);
  }
}

/** Every row of the file judged: the form's rules, repeats within the file, what the database already holds. */
async function judgeFile(context: AppContext, db: Kysely<DB>, actor: Actor, file: ImportFile): Promise<JudgedRow[]> {
  const services = new Map(
    (await listServiceCatalogue(db)).map((service) => [service.service_name.toLowerCase(), service.id]),
  );
  const schema = buildUserFormSchema({
    role: 'client',
    mode: 'add',
    requireTaxId: context.config.requireTaxId,
    // As staff adding one client may: no password typed, the client is mailed an invitation.
    passwordOptional: true,
  });
  const rows = file.rows.map(({ row, cells }) =>
    judgeWithFormSchema(schema, readImportRow(row, cells, file.columns, { services })),
  );
  markRepeats(rows);
  await markTaken(db, actor, rows);
  return rows;
}

const problemsOf = (rows: JudgedRow[]): ImportRowProblem[] =>
  rows.filter((row) => Object.keys(row.errors).length > 0).map((row) => ({ row: row.row, errors: { ...row.errors } }));

function assertMayImport(actor: Actor): void {
  if (!canCreateRole(actor, 'client')) failForbidden();
}

/** `POST /api/user/import/check`: the dry run. Nothing is written; every row's errors are answered. */
export async function checkClientImport(context: AppContext, actor: Actor, text: string): Promise<ImportCheck> {
  assertMayImport(actor);
  const rows = await judgeFile(context, context.db, actor, readImportFile(text));
  const problems = problemsOf(rows);
  return { rows: rows.length, valid: rows.length - problems.length, problems };
}

/** Every row's errors as one envelope: `rows.<row>.<column>` (docs/csv-import.md). */
function rowsInvalid(problems: ImportRowProblem[]): HttpError {
  const errors: FieldErrors = Object.create(null);
  for (const problem of problems)
    for (const [column, messages] of Object.entries(problem.errors)) errors[`rows.${problem.row}.${column}`] = messages;
  return new HttpError(422, M.rowsInvalid, errors);
}

/**
 * `POST /api/user/import`: the rows judged again inside one transaction that then creates every client
 * the way `POST /api/user/create` does (invitation mail, audit); a row with any error, or a failure on
 * any row, leaves nothing created.
 */
export async function importClients(
  context: AppContext,
  actor: Actor,
  text: string,
  ip: string,
): Promise<ImportResult> {
  assertMayImport(actor);
  const file = readImportFile(text);
  // Invited clients have no password: their hash is of random bytes nobody holds (one hash for the file:
  // argon2 costs tens of milliseconds, and what it hides is thrown away either way).
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const now = context.clock.now();
  let ids: number[];
  try {
    ids = await context.db.transaction().execute(async (trx) => {
      const rows = await judgeFile(context, trx, actor, file);
      const problems = problemsOf(rows);
      if (problems.length > 0) throw rowsInvalid(problems);
      // Emails are unique on the whole platform (docs/api-conventions.md): one held outside the firm fails
      // the file as a whole, without saying which row.
      if ((await listTakenEmails(trx, emailsOf(rows))).size > 0)
        throw new HttpError(422, M.emailUnavailable, { file: [M.emailUnavailable] });
      const created: number[] = [];
      for (const row of rows) {
        const data = row.data as UserFormData;
        created.push(
          await insertNewUserRow(trx, context, {
            data,
            role: 'client',
            creator: actor,
            passwordHash,
            invited: true,
            ip,
            now,
            auditDetails: { via: 'csv_import', row: row.row },
          }),
        );
      }
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'user.import',
        ip,
        at: now,
        details: { created: created.length },
      });
      return created;
    });
  } catch (error) {
    // Someone added one of these emails after the check inside the transaction: the unique index refused it.
    if (findUserFieldOfUniqueViolation(error)) throw new HttpError(422, M.raced, { file: [M.raced] });
    throw error;
  }
  context.mail.wake();
  for (const id of ids) await onClientServicesChanged.fire(context, { clientId: id });
  return { created: ids.length, ids };
}
