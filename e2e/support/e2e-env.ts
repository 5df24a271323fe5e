import os from 'node:os';
import path from 'node:path';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { email: 'admin@portal.test', password: 'Admin@12345' } as const;
/** The browser tests' server keeps its data here (outbox included), a folder of its own per port. */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `portal-e2e-${E2E_PORT}`);
