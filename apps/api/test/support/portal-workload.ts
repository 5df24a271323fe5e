import { createHash } from 'node:crypto';
import { buildForm, callApi, type FirmOverApi, makePdf } from '../../bench/portal-process.js';

/**
 * Uploads, deletions, new folders and edits of a user (with a replaced document) running against a
 * portal process, and the ledger of what the portal acknowledged: the backup test compares a restored
 * portal with it.
 */
export type Ledger = {
  /** Acknowledged uploads: file id -> SHA-256 of what was sent. */
  uploads: Map<number, string>;
  deleted: Set<number>;
  folders: Set<string>;
  /** Acknowledged edits of the MPC: edit number -> SHA-256 of its qualification proof (0: as created). */
  edits: Map<number, string>;
  lastEdit: number;
};

export function copyLedger(ledger: Ledger): Ledger {
  return {
    uploads: new Map(ledger.uploads),
    deleted: new Set(ledger.deleted),
    folders: new Set(ledger.folders),
    edits: new Map(ledger.edits),
    lastEdit: ledger.lastEdit,
  };
}

export const sha256 = (bytes: Buffer | ArrayBuffer) =>
  createHash('sha256')
    .update(Buffer.from(bytes as ArrayBuffer))
    .digest('hex');

export type Workload = { ledger: Ledger; stop(): Promise<void>; errors: string[] };

/** Starts `workers` loops of changes; stop() lets the requests in flight finish and answers. */
export function startWorkload(base: string, firm: FirmOverApi, workers = 3): Workload {
  const ledger: Ledger = {
    uploads: new Map(),
    deleted: new Set(),
    folders: new Set(),
    edits: new Map([[0, firm.mpcProofSha]]),
    lastEdit: 0,
  };
  const errors: string[] = [];
  const live: number[] = [];
  let running = true;
  let step = 0;
  let editing = false;

  const upload = async () => {
    const content = makePdf(1024 + Math.floor(Math.random() * 300_000));
    const form = buildForm({ is_deleted: '1', client_id: firm.clientId, service_id: firm.serviceId }, [
      { field: 'file', name: `scan-${step}.pdf`, content, type: 'application/pdf' },
    ]);
    const answer = await callApi(base, firm.mpc.token, 'POST', '/api/folder/uploadFile', form);
    if (answer.status !== 201) return errors.push(`upload: ${answer.status}`);
    const id = (answer.body.data as { file_id: number }).file_id;
    ledger.uploads.set(id, sha256(content));
    live.push(id);
  };
  const remove = async () => {
    const id = live.splice(Math.floor(Math.random() * live.length), 1)[0];
    if (id === undefined) return;
    const answer = await callApi(base, firm.mpc.token, 'DELETE', `/api/file/remove/${id}`);
    if (answer.status !== 200) return errors.push(`delete: ${answer.status}`);
    ledger.deleted.add(id);
  };
  const folder = async (n: number) => {
    const name = `Folder ${n}`;
    const answer = await callApi(base, firm.mpc.token, 'POST', '/api/folder/create', {
      folder_name: name,
      client_id: firm.clientId,
      service_id: firm.serviceId,
    });
    if (answer.status !== 201) return errors.push(`folder: ${answer.status}`);
    ledger.folders.add(name);
  };
  // One edit at a time, so their numbers are also the order they were committed in.
  const edit = async (n: number) => {
    if (editing) return upload();
    editing = true;
    const proof = makePdf(2048 + n);
    const form = buildForm(
      {
        user_id: firm.mpc.id,
        first_name: `Edit${n}`,
        last_name: 'Iyer',
        email: firm.mpc.email,
        mobile_number: '9876543210',
        nature_of_service: [firm.serviceId],
      },
      [{ field: 'qualification_proof', name: `degree-${n}.pdf`, content: proof, type: 'application/pdf' }],
    );
    const answer = await callApi(base, firm.admin.token, 'POST', '/api/user/edit', form);
    editing = false;
    if (answer.status !== 200) return errors.push(`edit: ${answer.status} ${JSON.stringify(answer.body)}`);
    ledger.edits.set(n, sha256(proof));
    ledger.lastEdit = n;
  };
  const operations = [upload, upload, upload, remove, folder, edit] as const;

  const loop = async () => {
    while (running) {
      step += 1;
      const operation = operations[step % operations.length] as (n: number) => Promise<unknown>;
      try {
        await operation(step);
      } catch (error) {
        errors.push(String(error));
      }
    }
  };
  const loops = Array.from({ length: workers }, loop);
  return {
    ledger,
    errors,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Every file of the service's top level in a portal, paging to the end. */
export async function listTopLevelFiles(
  base: string,
  firm: FirmOverApi,
  token: string,
): Promise<{ file_id: number; download_url: string }[]> {
  const files: { file_id: number; download_url: string }[] = [];
  let before: number | null = null;
  do {
    const query: string = `?limit=200${before ? `&before=${before}` : ''}`;
    const answer = await callApi(base, token, 'GET', `/api/serviceFiles/${firm.clientId}/${firm.serviceId}${query}`);
    const data = answer.body.data as { files: typeof files; files_next: number | null };
    files.push(...data.files);
    before = data.files_next;
  } while (before);
  return files;
}

/** Downloads a signed link of the portal and answers the SHA-256 of the bytes. */
export async function downloadSha(base: string, url: string): Promise<string> {
  const response = await fetch(new URL(url, base));
  if (response.status !== 200) throw new Error(`download answered ${response.status}`);
  return sha256(await response.arrayBuffer());
}
