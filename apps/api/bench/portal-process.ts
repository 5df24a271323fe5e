import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mpcFields } from '../test/support/people.js';

/*
 * A throw-away portal as its own process, from the sources, and a firm set up in it through the API as
 * people would (the upload benchmark and the backup test share it).
 */
export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type PortalProcess = {
  child: ChildProcess;
  base: string;
  output(): string;
  stop(): Promise<void>;
};

export async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs a script of apps/api (`src/...` or `bench/...`) with Node and tsx as its loader: one process to stop. */
export function spawnApiScript(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', '--conditions=source', script, ...args], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs a command script to its end; answers its exit code and what it printed. */
export async function runApiScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnApiScript(script, args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

/** Starts `src/main.ts` on a free port and waits until it answers; stop() ends it and waits for its exit. */
export async function startPortalProcess(env: Record<string, string>): Promise<PortalProcess> {
  const port = await findFreePort();
  const child = spawnApiScript('src/main.ts', [], { HOST: '127.0.0.1', PORT: String(port), ...env });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  };
  const deadline = Date.now() + 30_000;
  while (!output.includes('Portal ready')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the portal did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, stop };
}

type Answer = { status: number; body: { data?: unknown; message?: string } };

/** One API call; a FormData body goes as multipart, anything else as JSON. */
export async function callApi(
  base: string,
  token: string | null,
  method: string,
  url: string,
  body?: FormData | object,
): Promise<Answer> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: FormData | string | undefined;
  if (body instanceof FormData) payload = body;
  else if (body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${base}${url}`, { method, headers, body: payload });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

function expectStatus(answer: Answer, status: number, what: string): Answer['body'] {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const body = expectStatus(await callApi(base, null, 'POST', '/api/login', { email, password }), 200, 'sign-in');
  return (body.data as { token: string }).token;
}

/** A form of text fields and files (arrays repeat a field, as a browser sends a multi-select). */
export function buildForm(
  fields: Record<string, string | number | (string | number)[]>,
  files: { field: string; name: string; content: Buffer; type: string }[] = [],
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
  for (const file of files) form.append(file.field, new Blob([file.content], { type: file.type }), file.name);
  return form;
}

/** A PDF as scanners write them: a signature, then binary bytes (`size` in all). */
export function makePdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

export type Person = { id: number; email: string; password: string; token: string };
export type FirmOverApi = {
  admin: Person;
  mpc: Person;
  clientId: number;
  serviceId: number;
  /** SHA-256 of the qualification proof the MPC was created with. */
  mpcProofSha: string;
};

/** As the admin: a service and an MPC offering it; as the MPC: a client taking it. */
export async function setUpFirm(base: string, admin: { email: string; password: string }): Promise<FirmOverApi> {
  const adminToken = await signIn(base, admin.email, admin.password);
  const tag = randomBytes(4).toString('hex');
  const service = expectStatus(
    await callApi(base, adminToken, 'POST', '/api/service/create', { service_name: `GST ${tag}` }),
    201,
    'service',
  ).data as { service_id: number };
  const password = 'Firm@12345';
  const firmOwner = mpcFields([service.service_id], { last_name: 'Iyer', email: `meera.${tag}@firm.in`, password });
  const proof = { field: 'qualification_proof', name: 'degree.pdf', content: makePdf(4096), type: 'application/pdf' };
  const mpc = expectStatus(
    await callApi(base, adminToken, 'POST', '/api/user/create', buildForm(firmOwner, [proof])),
    201,
    'MPC',
  ).data as { id: number };
  // A password the admin typed opens the account only to be changed (docs/decisions/0017): the MPC takes it over.
  const mpcToken = await signIn(base, firmOwner.email, password);
  const mpcPassword = 'Own@123456';
  expectStatus(
    await callApi(base, mpcToken, 'PUT', '/api/user/password', {
      current_password: password,
      password: mpcPassword,
      password_confirmation: mpcPassword,
    }),
    200,
    'MPC password',
  );
  const client = expectStatus(
    await callApi(
      base,
      mpcToken,
      'POST',
      '/api/user/create',
      buildForm({
        role_id: 5,
        first_name: 'Ravi',
        last_name: 'Kumar',
        email: `ravi.${tag}@client.in`,
        mobile_number: '9876543211',
        password,
        pincode: '560001',
        city: 'Bengaluru',
        state: 'Karnataka',
        country: 'IN',
        nature_of_service: [service.service_id],
      }),
    ),
    201,
    'client',
  ).data as { id: number };
  return {
    admin: { id: 0, email: admin.email, password: admin.password, token: adminToken },
    mpc: { id: mpc.id, email: firmOwner.email, password: mpcPassword, token: mpcToken },
    clientId: client.id,
    serviceId: service.service_id,
    mpcProofSha: createHash('sha256').update(proof.content).digest('hex'),
  };
}
