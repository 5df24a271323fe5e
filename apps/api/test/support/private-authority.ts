import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type PrivateAuthority = {
  /** The authority's certificate (PEM), as an operator would put in SMTP_CA_FILE. */
  caFile: string;
  /** A server certificate for 127.0.0.1 and localhost signed by it, with its key (PEM). */
  serverCert: string;
  serverKey: string;
  remove(): void;
};

/** A private certificate authority and a loopback server certificate it signed, made with openssl. */
export function createPrivateAuthority(): PrivateAuthority {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ca-'));
  const at = (name: string) => path.join(folder, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: folder, stdio: 'ignore' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Portal test authority',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
    '-subj',
    '/CN=localhost',
  );
  fs.writeFileSync(at('san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'san.ext',
  );
  return {
    caFile: at('ca.pem'),
    serverCert: fs.readFileSync(at('server.pem'), 'utf8'),
    serverKey: fs.readFileSync(at('server.key'), 'utf8'),
    remove: () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}
