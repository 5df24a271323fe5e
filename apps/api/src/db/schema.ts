import type { ColumnType, Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC strings on both dialects (see docs/decisions/0003). */
type Timestamp = string;

/** The auto-increment key a table starts with (migrations' createTableWithId). */
type AutoId = { id: Generated<number> };

/** `created_at` and `updated_at`, written by the app's Clock (migrations' addCreatedAndUpdated). */
type Timestamps = { created_at: Timestamp; updated_at: Timestamp };

/** Who made the row and when (migrations' addCreator). */
type Creation = { created_by: number | null; created_at: Timestamp };

/** Who made the row, then its Timestamps (migrations' addCreatorAndTimestamps). */
type CreatorAndTimestamps = Creation & { updated_at: Timestamp };

/** Who last saved the row and when (migrations' addUpdater). */
type LastUpdate = { updated_by: number | null; updated_at: Timestamp };

/** A record a firm keeps of one client (migrations' addFirmAndClient, addFirmAndBilledClient). */
type FirmAndClient = { firm_id: number; client_id: number };

/** A row of one service of one client (migrations' addClientAndService). */
type ClientAndService = { client_id: number; service_id: number };

/** A row of one client service kept with the client's firm (migrations' addFirmClientAndService). */
type FirmClientService = { firm_id: number } & ClientAndService;

/** When and by whom a request was closed; null while it is open. */
type Closing = { closed_at: Timestamp | null; closed_by: number | null };

/** The tax split of an invoice or one of its lines, in paise (migrations' addTaxSplit). */
type TaxSplit = { taxable_paise: number; cgst_paise: number; local_paise: number; igst_paise: number };

/** What a stored blob is (migrations' addFileContentColumns). */
type FileContent = { file_name: string; store_name: string; size_bytes: number; mime_type: string; sha256: string };

/** A blob someone uploaded: a file, or an earlier version of one. */
type UploadedContent = FileContent & {
  uploaded_by: number | null;
  created_at: Timestamp;
  /** Key the file on disk is encrypted under; null: written before encryption at rest. */
  key_id: string | null;
};

type RolesTable = {
  role_id: number;
  name: string;
  label: string;
};

export type UsersTable = AutoId & {
  role_id: number;
  firm_id: number | null;
  created_by: number | null;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  password_hash: string;
  mobile_number: string | null;
  alternate_mobile_number: string | null;
  alternate_email_id: string | null;
  address: string | null;
  pincode: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  qualification: string | null;
  practice_since: string | null;
  pan_number: string | null;
  gst_number: string | null;
  tan_number: string | null;
  client_status_id: number | null;
  additional_data: string | null;
  /**
   * Key of the sealed values in additional_data: '' none, null not yet in its at-rest form (written
   * before encryption, or before the Aadhaar vault took its numbers: migration 0059; docs/security.md).
   */
  secrets_key_id: string | null;
  assign_service_type: Generated<number>;
  status: string;
  /** While disabled: the status the disable replaced, which enabling restores. */
  status_before_disable: string | null;
  /** 'own' | 'must_change' (typed by someone else) | 'unset' (invited, no usable password yet). */
  password_state: Generated<string>;
  /** The TOTP secret (base32), sealed (value-cipher); null: no second factor. */
  totp_secret: string | null;
  /** A secret set up but not yet confirmed by a first code, sealed. */
  totp_pending_secret: string | null;
  totp_enabled_at: Timestamp | null;
  /** The time step of the last code accepted, so a code works once. */
  totp_last_step: number | null;
  /** A self-registered firm's MPC: 'pending' until the admin approves (then null), or 'rejected' (migration 0027). */
  firm_approval: string | null;
  /** The firm's name its owner gave at the public sign-up (migration 0035); null for everyone else. */
  firm_name: string | null;
  /** A PC or executor its MPC lets bill the firm's clients (migration 0047): 1 granted, 0 not. */
  billing_granted: Generated<number>;
  /** A PC its MPC lets handle the firm's clients' data requests (migration 0057): 1 granted, 0 not. */
  rights_granted: Generated<number>;
  /** The firm's current privacy notice version, as its last publication set it (migration 0056). */
  privacy_notice_version: Generated<number>;
  /** The notice version the user last accepted; -1: none, or consent withdrawn since. */
  privacy_accepted_version: Generated<number>;
  /** When the client withdrew its consent; null: not withdrawn. */
  privacy_withdrawn_at: Generated<Timestamp | null>;
  /** When the client's personal data was erased (migration 0061); its name is a pseudonym since. */
  erased_at: Generated<Timestamp | null>;
} & Timestamps;

/** A stored file whose row is gone, kept until `removed_at` is older than the backup window (migration 0028). */
export type RemovedBlobsTable = AutoId & {
  blob_key: string;
  removed_at: Timestamp;
};

/** One-time reset and invitation links: only the SHA-256 of the token (docs/decisions/0017). */
export type PasswordLinksTable = AutoId & {
  user_id: number;
  token_hash: string;
  purpose: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

export type RecoveryCodesTable = AutoId & {
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
};

/** Between a right password and its second factor: short-lived, single use. */
export type SignInChallengesTable = AutoId & {
  user_id: number;
  challenge_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
};

/** Mail waiting to be delivered (docs/decisions/0018). */
export type MailOutboxTable = AutoId & {
  recipient: string;
  subject: string;
  /** `{text, html}` sealed; null once delivered or given up. */
  body: string | null;
  status: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  claimed_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** A message that goes once (a user's digest of one day): unique, claimed as it is queued (migration 0022). */
  dedupe_key: Generated<string | null>;
  /** The reset or invitation link it carries (`password_links.id`, no foreign key) and its end (migration 0026). */
  password_link_id: Generated<number | null>;
  link_expires_at: Generated<Timestamp | null>;
  /** The `.eml` in DATA_DIR/outbox that holds that link, until it is removed (modules/mail/outbox-links.ts). */
  outbox_file: Generated<string | null>;
};

/** Where the request that wrote the row came from. */
type RequestOrigin = { ip: string | null; user_agent: string | null };

type AccessTokensTable = AutoId & {
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
} & RequestOrigin;

/** One fixed window per throttled key (docs/decisions/0008). */
type ThrottleCountersTable = {
  key: string;
  attempts: number;
  window_ends_at: Timestamp;
};

export type ServicesTable = AutoId & {
  service_name: string;
  /** The SAC code it is billed under (migration 0042); null until the admin chooses one. */
  sac_code: Generated<string | null>;
  /** The retention class its records are kept under (migration 0061, `retention_classes.key`). */
  record_class: Generated<string>;
} & CreatorAndTimestamps;

type AuditLogTable = AutoId & {
  actor_id: number | null;
  action: string;
  entity_type: string | null;
  entity_id: number | null;
  ip: string | null;
  details: string | null;
  created_at: Timestamp;
  /** The user the event is about (the actor itself for a sign-in); migration 0019. */
  subject_id: number | null;
  /** That user's firm: the MPC's Activity reads its firm's events. */
  firm_id: number | null;
  /** The client the event is about, if any: the client's page reads its events. */
  client_id: number | null;
  /** 1 when the admin's Activity shows it (the access table's `audit.read` rows). */
  platform: Generated<number>;
};

type UserServicesTable = {
  user_id: number;
  service_id: number;
  created_at: Timestamp;
};

export type UserDocumentsTable = AutoId & {
  user_id: number;
  document_type: string;
  store_name: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  created_at: Timestamp;
  /** Key the file on disk is encrypted under; null: written before encryption at rest. */
  key_id: string | null;
};

type ServiceAssignmentsTable = AutoId & {
  pc_id: number | null;
  executor_id: number | null;
  mpc_id: number | null;
} & ClientAndService &
  Timestamps;

type FamilyMembersTable = AutoId & {
  client_id: number;
  member_name: string;
  mobile_number: string;
  email_id: string;
  service_id: number;
  /** 1: a minor, whose parent or lawful guardian is named below (migration 0056). */
  is_minor: Generated<number>;
  guardian_name: Generated<string | null>;
  guardian_relation: Generated<string | null>;
} & Creation;

export type UserLinksTable = AutoId & {
  owner_id: number;
  label: string;
  value: string;
  created_at: Timestamp;
};

type FoldersTable = AutoId & {
  parent_id: number | null;
  folder_name: string;
  /** `shared` with the client, or `firm` only (migration 0053). */
  visibility: Generated<FileVisibility>;
} & ClientAndService &
  Creation &
  TrashMarks;

export type FileVisibility = 'shared' | 'firm';

/** A file's or folder's place in the trash (migration 0058): all null while it is live. */
type TrashMarks = {
  deleted_at: Generated<Timestamp | null>;
  deleted_by: Generated<number | null>;
  /** The trash entry of the deleted root (itself, or the folder it was deleted with). */
  trash_id: Generated<number | null>;
};

export type FileTrashItemType = 'file' | 'folder';

/** One deletion: a file or a folder with everything under it, in its service's trash (migration 0058). */
export type FileTrashTable = AutoId & {
  /** The client's firm: whose period (`trash_days`) the entry waits. */
  firm_id: number | null;
  item_type: FileTrashItemType;
  item_id: number;
  item_name: string;
  /** The folder it was in (null: the top level), and the names from the top down to it, then. */
  from_folder_id: number | null;
  from_path: Generated<string>;
  /** 1: it, or a folder above it, was firm-only when deleted. */
  firm_only: Generated<number>;
  file_count: Generated<number>;
  size_bytes: Generated<number>;
  deleted_by: number | null;
  deleted_at: Timestamp;
} & ClientAndService;

export type FilesTable = AutoId & {
  /** Null: the file sits at the service's top level. */
  folder_id: number | null;
  notes: string | null;
  client_can_delete: number;
  /** `shared` with the client, or `firm` only (migration 0053). */
  visibility: Generated<FileVisibility>;
  /** How many versions the file keeps, the current one included (migration 0052). */
  version_count: Generated<number>;
} & ClientAndService &
  UploadedContent &
  TrashMarks;

/** An earlier content of a file, kept when one of the same name was uploaded in its place (migration 0052). */
export type FileVersionsTable = AutoId & {
  file_id: number;
  client_id: number;
} & UploadedContent;

/** Users per role on the whole platform, kept by triggers on `users` (migration 0013). */
type UserRoleCountsTable = {
  role_id: number;
  total: number;
};

/** Users per firm and role, kept by triggers on `users` (migration 0023). */
type FirmRoleCountsTable = { firm_id: number } & UserRoleCountsTable;

/** Work items per firm, status and due date, and per assignee, kept by triggers (migration 0064). */
type WorkItemCountsTable = {
  firm_id: number;
  /** -1: every item of the firm; 0: the items nobody is assigned; else the assignee's id. */
  assignee_key: number;
  status: string;
  due_date: string;
  total: number;
};

/** A firm's document requests per status, kept by triggers on `document_requests` (migration 0066). */
type DocumentRequestCountsTable = {
  firm_id: number;
  status: string;
  total: number;
};

/** When a task that one process at a time runs is due, and who holds it (migration 0014). */
export type ScheduledRunsTable = {
  name: string;
  next_run_at: Timestamp;
  locked_by: string | null;
  locked_until: Timestamp | null;
};

/** One statutory due date (migration 0020, docs/compliance-calendar.md). */
export type ComplianceRulesTable = AutoId & {
  code: string;
  form: string;
  name: string;
  authority: string;
  frequency: string;
  due_day: number;
  months_after: number;
  days_after_event: number | null;
  event_name: string | null;
  /** JSON: [{period_of_year, due_day, months_after}]. */
  exceptions: string;
  /** JSON: [{due_day, states}]. */
  state_days: string;
  /** The citation in force for the latest periods (the last of `sources`). */
  source: string;
  /** JSON: [{from?: 'yyyy-mm', source}], the citation in force by period (migration 0029). */
  sources: string;
  /** The first period the rule plans; null: every period (migration 0029). */
  first_period: string | null;
  /** A yearly rule due every Nth year from `first_period` (migration 0029). */
  every_years: number | null;
  /** JSON: the months (`M04`) or quarters (`Q2`) of the year the rule plans; [] for all (migration 0029). */
  periods_of_year: string;
  /** JSON: the states (canonical names) whose clients the rule plans for; [] for all India (migration 0041). */
  states: string;
  service_id: number | null;
  enabled: number;
  active_since: Timestamp | null;
  updated_by: number | null;
} & Timestamps;

/** A rule's due date moved for one period. */
export type ComplianceRuleExtensionsTable = AutoId & {
  rule_id: number;
  period: string;
  /** ISO date. */
  due_date: string;
  note: string | null;
} & CreatorAndTimestamps;

/** A rule whose open items a calendar migration asks to re-date at the next start (migration 0072). */
export type ComplianceRuleRedatesTable = {
  rule_id: number;
  /** The migration that queued it. */
  reason: string;
  queued_at: Timestamp;
};

/** An extension for some states only (migration 0037); `states`: JSON list of their names as listed. */
export type ComplianceRuleStateExtensionsTable = ComplianceRuleExtensionsTable & {
  states_key: string;
  states: string;
};

/** What a firm charges for one client service (migration 0042): integer paise, basis points. */
export type ClientServiceFeesTable = AutoId & {
  amount_paise: number;
  basis: string;
  gst_rate_bp: number;
  updated_by: number | null;
} & FirmClientService &
  CreatorAndTimestamps;

/** A firm's billing profile (migration 0043); `bank_account` sealed (`enc:v1:`), `e_invoicing` 0 or 1. */
export type BillingProfilesTable = AutoId & {
  firm_id: number;
  legal_name: string;
  address: string;
  state: string;
  registration: string;
  gstin: string | null;
  pan: string;
  e_invoicing: number;
  invoice_prefix: string;
  bank_name: string | null;
  bank_account: string | null;
  ifsc: string | null;
  upi_vpa: string | null;
  upi_payee: string | null;
  terms: string | null;
  signatory: string;
  /** A firm of advocates (migration 0045): 1 bills legal services to businesses under reverse charge. */
  advocates: Generated<number>;
  updated_by: number | null;
} & Timestamps;

/** An invoice (migration 0044): money in paise; `number`, `financial_year`, `serial` given at issue. */
export type InvoicesTable = AutoId & {
  kind: string;
  status: string;
  number: string | null;
  financial_year: string | null;
  serial: number | null;
  invoice_date: string;
  due_date: string;
  supply_kind: string;
  place_of_supply: string | null;
  local_head: string;
  round_off_paise: number;
  total_paise: number;
  reverse_charge_paise: number;
  notes: string | null;
  cancel_reason: string | null;
  /** Raised by every change (migration 0045): a change read before another one lands loses. */
  version: Generated<number>;
  /** What settled it (migration 0048): received in money, deducted as TDS by the client, credited by notes. */
  paid_paise: Generated<number>;
  tds_paise: Generated<number>;
  credited_paise: Generated<number>;
  /** A credit note (`kind` `credit_note`): the invoice it reduces, and why. */
  credit_of: number | null;
  credit_reason: string | null;
  /** The e-invoice's IRN and its acknowledgement (migration 0050), typed in by staff from the IRP. */
  irn: string | null;
  irn_ack_number: string | null;
  irn_ack_date: string | null;
  /** Rule 46's supplier and recipient as they were at issue (migration 0050, JSON; null while a draft). */
  issued_parties: string | null;
  issued_by: number | null;
  issued_at: Timestamp | null;
} & FirmAndClient &
  CreatorAndTimestamps &
  TaxSplit;

export type InvoiceLinesTable = AutoId & {
  invoice_id: number;
  position: number;
  description: string;
  sac: string;
  quantity: number;
  rate_paise: number;
  discount_paise: number;
  gst_rate_bp: number;
} & TaxSplit;

/** What an invoice line bills, held once (a partial unique index) until a cancelled invoice releases it. */
type BilledByLine = AutoId & {
  line_id: number;
  invoice_id: number;
  released_at: Timestamp | null;
};

/** The work items a line bills. */
type InvoiceBilledWorkTable = BilledByLine & { work_item_id: number };

/** The retainer period or one-off fee (`ONCE`) of a client service a line bills (migration 0049). */
type InvoiceBilledPeriodsTable = BilledByLine & { period_key: string } & ClientAndService;

/** Each series' last serial in a financial year. */
/** A firm's logo for its invoices (migration 0050): a PNG or JPEG of at most 512 KB. */
export type BillingLogosTable = {
  firm_id: number;
  mime_type: string;
  content: Buffer;
  size_bytes: number;
} & LastUpdate;

type InvoiceSeriesTable = AutoId & {
  firm_id: number;
  kind: string;
  financial_year: string;
  last_serial: number;
};

/** A receipt (migration 0048): money received from a client, numbered in the firm's series for the year. */
export type ReceiptsTable = AutoId & {
  number: string;
  financial_year: string;
  serial: number;
  receipt_date: string;
  amount_paise: number;
  tds_paise: number;
  /** How much of amount + TDS settles invoices; the rest is the client's advance. */
  allocated_paise: number;
  mode: string;
  reference: string | null;
  notes: string | null;
  status: string;
  cancel_reason: string | null;
  cancelled_by: number | null;
} & FirmAndClient &
  CreatorAndTimestamps;

/** Part of a receipt settling one invoice (negative: given back to the advance by a credit note). */
export type ReceiptAllocationsTable = AutoId & {
  receipt_id: number;
  invoice_id: number;
  amount_paise: number;
  tds_paise: number;
  credit_note_id: number | null;
} & Creation;

/** Dates (`due_date`, `event_date`, `filed_on`) are ISO date text in India's calendar. */
export type WorkItemsTable = AutoId & {
  /** Null: a one-off item staff added. */
  rule_id: number | null;
  period: string | null;
  title: string;
  due_date: string;
  event_date: string | null;
  assignee_id: number | null;
  status: string;
  is_open: number;
  filed_on: string | null;
  ack_number: string | null;
  notes: string | null;
  /** Maker-checker (migration 0038): who checks the item under review, who moved it on, when, and the note. */
  reviewer_id: Generated<number | null>;
  verified_by: Generated<number | null>;
  verified_at: Generated<Timestamp | null>;
  review_note: Generated<string | null>;
  /** Set on an item planned from a recurring task (migration 0040): one per task and period. */
  recurring_task_id?: number | null;
  /** The signed document's UDIN and signing date (migration 0039, the UDIN register). */
  udin: ColumnType<string | null, string | null | undefined, string | null>;
  signed_on: ColumnType<string | null, string | null | undefined, string | null>;
} & FirmClientService &
  CreatorAndTimestamps;

/** A recurring non-statutory task of one client service (migration 0040, docs/decisions/0033). */
export type RecurringTasksTable = AutoId & {
  title: string;
  /** A calendar frequency: monthly, quarterly or yearly (Indian financial-year periods). */
  cadence: string;
  due_day: number;
  months_after: number;
  /** The first period planned, and the last (null: no end). */
  starts_on: string;
  ends_on: string | null;
  active: number;
  active_since: Timestamp;
} & FirmClientService &
  CreatorAndTimestamps;

/** A client's digital signature certificate (migration 0039, the DSC register). */
export type DscCertificatesTable = AutoId & {
  holder_name: string;
  class: string;
  issued_by: string;
  valid_from: string | null;
  valid_until: string;
  token_serial: string | null;
  custody: string;
  notes: string | null;
} & FirmAndClient &
  CreatorAndTimestamps;

/** A certificate's token handed in to the firm or out to its holder. */
export type DscCustodyEventsTable = AutoId & {
  certificate_id: number;
  direction: string;
  on_date: string;
  person: string;
  note: string | null;
  recorded_by: number | null;
  created_at: Timestamp;
};

/** One field of a row changed: its text before and after. */
type FieldChange = { field: string; from_value: string | null; to_value: string | null };

/** One change of one field of a work item. */
export type WorkItemHistoryTable = AutoId & {
  work_item_id: number;
  actor_id: number | null;
  created_at: Timestamp;
} & FieldChange;

/** How far the daily generation of work items has planned (ISO date). */
export type WorkGenerationStateTable = {
  name: string;
  generated_through: string;
  updated_at: Timestamp;
};

/** The service, work item and document request a notice or a feed entry is about, where it has one. */
type PointsAtWork = { service_id: number | null; work_item_id: number | null; request_id: number | null };

/** One notice to one user (migration 0022, docs/notifications.md). */
export type NotificationsTable = AutoId & {
  user_id: number;
  kind: string;
  actor_id: number | null;
  client_id: number | null;
  subject: string;
  detail: string | null;
  /** One row per recipient and key: a repeated notice (the daily due pass) adds nothing. */
  dedupe_key: string | null;
  read_at: Timestamp | null;
  created_at: Timestamp;
} & PointsAtWork;

/**
 * A kind of mail (`mail_opt_outs`), or of the bell's notices (`notice_opt_outs`, migration 0034), a user
 * turned off (no row: wanted).
 */
type OptOutsTable = {
  user_id: number;
  kind: string;
  created_at: Timestamp;
};

/** A firm's filings and received documents, as its MPC's dashboard lists them (migration 0034). */
export type FirmFeedTable = AutoId & {
  firm_id: number;
  kind: string;
  client_id: number;
  folder_id: number | null;
  subject: string;
  ack_number: string | null;
  happened_on: string;
  actor_id: number | null;
  created_at: Timestamp;
} & PointsAtWork;

/** India dates whose digest pass finished. */
type DigestDaysTable = {
  digest_date: string;
  finished_at: Timestamp;
};

/** A checklist of documents asked of a client from a work item (migration 0021). */
export type DocumentRequestsTable = AutoId & {
  work_item_id: number;
  message: string | null;
  /** ISO date the documents are needed by. */
  due_date: string;
  status: string;
  work_status_before: string;
  reminders_sent: number;
  last_mailed_at: Timestamp;
  next_reminder_at: Timestamp | null;
} & FirmClientService &
  CreatorAndTimestamps &
  Closing;

export type DocumentRequestItemsTable = AutoId & {
  request_id: number;
  position: number;
  name: string;
  status: string;
  reason: string | null;
  reviewed_by: number | null;
  reviewed_at: Timestamp | null;
  updated_at: Timestamp;
};

export type DocumentRequestFilesTable = AutoId & {
  item_id: number;
  file_id: number;
  created_at: Timestamp;
};

/** One mail about a request, claimed before it is queued: 0 the request, 1.. its reminders. */
export type DocumentRequestMailsTable = {
  request_id: number;
  number: number;
  created_at: Timestamp;
};

/**
 * A link that opens one document request without a sign-in (migration 0051, docs/decisions/0036): only
 * the SHA-256 of its token; one live per request.
 */
export type RequestLinksTable = AutoId & {
  token_hash: string;
  request_id: number;
  client_id: number;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
} & Creation;

/**
 * One Aadhaar number, sealed under the vault's own key (migration 0059, docs/decisions/0044); read and
 * written by `modules/aadhaar-vault` alone. The sub-form that holds it keeps `{ ref, last4 }`.
 */
export type AadhaarVaultTable = AutoId & {
  /** 128 random bits, base64url: what the sub-form holds instead of the number. */
  ref: string;
  /** `enc:v1:<key id>:...` under the vault's key, bound to `ref` (value-cipher's associated data). */
  sealed_number: string;
  key_id: string;
  /** The owner's firm, to erase a firm's numbers at once; null for a user of no firm. */
  firm_id: number | null;
  owner_user_id: number;
  created_at: Timestamp;
};

/** A firm's own settings, keyed by its MPC; absent: the defaults. */
export type FirmSettingsTable = {
  firm_id: number;
  request_reminder_days: number;
  /** 1: an item moves to filed or completed only once its checklist is done (migration 0036). */
  checklist_before_closing: Generated<number>;
  /** 1: a fee-bearing item moves to completed only once an invoice bills it (migration 0049). */
  complete_only_when_billed: Generated<number>;
  /** Remind clients of overdue invoices every N days; null: off (migration 0049). */
  invoice_reminder_days: Generated<number | null>;
  /** How many versions a file keeps, the current one included; null: the default (migration 0052). */
  file_versions_kept: Generated<number | null>;
  /** 1 (the default): document request mails carry a link that needs no sign-in (migration 0051). */
  request_links_enabled: Generated<number>;
  /** Days a deleted file or folder stays in the trash; null: the default, 30 (migration 0058). */
  trash_days: Generated<number | null>;
  /** Days to answer a rights request other than a grievance; null: the default 30 (migration 0057). */
  rights_response_days: Generated<number | null>;
  /** 1: the firm is a reporting entity under the PMLA and keeps client due diligence (migration 0061). */
  pmla_reporting_entity: Generated<number>;
} & LastUpdate;

export type ChecklistTemplatesTable = AutoId & {
  service_id: number;
  /** Null: the platform's template (the admin's), every firm's default. */
  firm_id: number | null;
  updated_by: number | null;
} & Timestamps;

/** One step of a checklist, in its place. */
type ChecklistStep = AutoId & { position: number; label: string };

export type ChecklistTemplateStepsTable = ChecklistStep & { template_id: number };

export type WorkItemChecklistStepsTable = ChecklistStep & {
  work_item_id: number;
  done_by: number | null;
  done_at: Timestamp | null;
};

/** The breach register (migration 0060, docs/decisions/0045): the platform's entries have no firm. */
export type BreachesTable = AutoId & {
  firm_id: number | null;
  found_at: Timestamp;
  description: string;
  /** The kinds of data affected, comma-joined (`BREACH_DATA_KINDS`). */
  data_kinds: string;
  data_other: string | null;
  affected: string;
  include_staff: Generated<number>;
  consequences: string;
  measures: string;
  advice: string;
  board_reported_on: string | null;
  board_reported_by: number | null;
  /** How many notices the entry has made (kept as they are claimed). */
  notices_made: Generated<number>;
} & CreatorAndTimestamps;

/** The people an entry names as affected (clients; on the platform, firms by their MPC). */
export type BreachPeopleTable = AutoId & {
  breach_id: number;
  user_id: number;
};

/** One field of an entry changed. */
export type BreachChangesTable = AutoId & {
  breach_id: number;
  changed_by: number | null;
  changed_at: Timestamp;
} & FieldChange;

/** The notice to one affected person: 'queued', 'sent', 'failed' (as the mail queue last said) or 'no_email'. */
export type BreachNoticesTable = AutoId & {
  breach_id: number;
  user_id: number | null;
  status: string;
  /** Its message in `mail_outbox` (no foreign key: finished mail is removed after a week). */
  mail_id: number | null;
  sent_at: Timestamp | null;
} & Creation;

/** A client's rights request (issue 25, migration 0057): what it asked, when it is due, and the answer. */
export type RightsRequestsTable = AutoId & {
  kind: string;
  details: string | null;
  status: string;
  /** 1 while received or in progress: the queue's open ones. */
  is_open: number;
  /** ISO date in India's calendar. */
  due_date: string;
  received_at: Timestamp;
  answer: string | null;
  answered_at: Timestamp | null;
  answered_by: number | null;
  close_reason: string | null;
  updated_at: Timestamp;
} & FirmAndClient &
  Closing;

/** One step of a rights request's own history (migration 0057). */
export type RightsRequestEventsTable = AutoId & {
  request_id: number;
  action: string;
  note: string | null;
  actor_id: number | null;
  created_at: Timestamp;
};

/** An access request's download: prepared by staff, used once (migration 0057); only the token's SHA-256. */
export type RightsDownloadsTable = AutoId & {
  request_id: number;
  prepared_by: number | null;
  prepared_at: Timestamp;
  expires_at: Timestamp;
  token_hash: string | null;
  link_created_at: Timestamp | null;
  used_at: Timestamp | null;
  /** A newer download of the same request ended this one. */
  replaced_at: Timestamp | null;
};

/** Each version of a firm's privacy notice, never changed once published (migration 0056). */
export type PrivacyNoticesTable = AutoId & {
  firm_id: number;
  version: number;
  body: string;
  published_by: number | null;
  published_at: Timestamp;
};

/** Every acceptance of a notice and every withdrawal of consent. */
export type PrivacyConsentsTable = AutoId & {
  user_id: number;
  firm_id: number;
  kind: 'accepted' | 'withdrawn';
  version: number;
  /** SHA-256 of the text accepted, as shown (the default's with the firm's name). */
  notice_sha256: string | null;
  created_at: Timestamp;
} & RequestOrigin;

/** A firm's data protection contact; the platform's has no firm. */
export type DataProtectionContactsTable = AutoId & {
  firm_id: number | null;
  name: string;
  email: string;
  phone: string;
} & LastUpdate;

/** The retention schedule, one row per class of record (migration 0061, docs/decisions/0046). */
export type RetentionClassesTable = AutoId & {
  key: string;
  label: string;
  months: number;
  anchor: string;
  source: string;
  pmla_only: Generated<number>;
  updated_by: Generated<number | null>;
  updated_at: Generated<Timestamp | null>;
};

/** A client its firm holds: nothing of it is erased or purged while `released_at` is null. */
export type LegalHoldsTable = AutoId & {
  reason: string;
  placed_by: number | null;
  placed_at: Timestamp;
  released_by: Generated<number | null>;
  released_at: Generated<Timestamp | null>;
  release_note: Generated<string | null>;
} & FirmAndClient;

/** What an erasure kept of one client, per class and financial year (`fy_start` -1: identity), until a day. */
export type RetentionHoldsTable = AutoId & {
  record_class: string;
  fy_start: number;
  held_until: string;
  created_at: Timestamp;
} & FirmAndClient;

export type DB = {
  roles: RolesTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  throttle_counters: ThrottleCountersTable;
  services: ServicesTable;
  audit_log: AuditLogTable;
  user_services: UserServicesTable;
  user_documents: UserDocumentsTable;
  service_assignments: ServiceAssignmentsTable;
  family_members: FamilyMembersTable;
  user_links: UserLinksTable;
  folders: FoldersTable;
  files: FilesTable;
  file_versions: FileVersionsTable;
  file_trash: FileTrashTable;
  user_role_counts: UserRoleCountsTable;
  firm_role_counts: FirmRoleCountsTable;
  work_item_counts: WorkItemCountsTable;
  document_request_counts: DocumentRequestCountsTable;
  password_links: PasswordLinksTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  mail_outbox: MailOutboxTable;
  removed_blobs: RemovedBlobsTable;
  scheduled_runs: ScheduledRunsTable;
  compliance_rules: ComplianceRulesTable;
  compliance_rule_extensions: ComplianceRuleExtensionsTable;
  compliance_rule_redates: ComplianceRuleRedatesTable;
  compliance_rule_state_extensions: ComplianceRuleStateExtensionsTable;
  dsc_certificates: DscCertificatesTable;
  dsc_custody_events: DscCustodyEventsTable;
  client_service_fees: ClientServiceFeesTable;
  billing_profiles: BillingProfilesTable;
  billing_logos: BillingLogosTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_billed_work: InvoiceBilledWorkTable;
  invoice_billed_periods: InvoiceBilledPeriodsTable;
  invoice_series: InvoiceSeriesTable;
  receipts: ReceiptsTable;
  receipt_allocations: ReceiptAllocationsTable;
  work_items: WorkItemsTable;
  work_item_history: WorkItemHistoryTable;
  work_generation_state: WorkGenerationStateTable;
  recurring_tasks: RecurringTasksTable;
  notifications: NotificationsTable;
  mail_opt_outs: OptOutsTable;
  notice_opt_outs: OptOutsTable;
  firm_feed: FirmFeedTable;
  digest_days: DigestDaysTable;
  document_requests: DocumentRequestsTable;
  document_request_items: DocumentRequestItemsTable;
  document_request_files: DocumentRequestFilesTable;
  document_request_mails: DocumentRequestMailsTable;
  firm_settings: FirmSettingsTable;
  request_links: RequestLinksTable;
  checklist_templates: ChecklistTemplatesTable;
  checklist_template_steps: ChecklistTemplateStepsTable;
  work_item_checklist_steps: WorkItemChecklistStepsTable;
  aadhaar_vault: AadhaarVaultTable;
  breaches: BreachesTable;
  breach_people: BreachPeopleTable;
  breach_changes: BreachChangesTable;
  breach_notices: BreachNoticesTable;
  rights_requests: RightsRequestsTable;
  rights_request_events: RightsRequestEventsTable;
  rights_downloads: RightsDownloadsTable;
  privacy_notices: PrivacyNoticesTable;
  privacy_consents: PrivacyConsentsTable;
  data_protection_contacts: DataProtectionContactsTable;
  retention_classes: RetentionClassesTable;
  legal_holds: LegalHoldsTable;
  retention_holds: RetentionHoldsTable;
};
