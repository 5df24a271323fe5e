/**
 * The benchmark's yardstick (`npm run bench`): a bare Fastify + better-sqlite3 server on the same
 * database file doing what the portal's MPC client list does at its core, with nothing else: look the
 * bearer token up, then read one page of the firm's clients in index order. No validation, policy,
 * presenters, logging or security headers. Run as its own process; prints `listening <port>`.
 */
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: baseline-server.ts <portal.sqlite>');

const db = new SQLite(file, { readonly: true });
db.pragma('journal_mode = WAL');
const findToken = db.prepare(
  `select users.id, users.firm_id, users.role_id from access_tokens
   join users on users.id = access_tokens.user_id where access_tokens.token_hash = ?`,
);
const listClients = db.prepare(
  `select * from users where firm_id = ? and role_id = 5 order by created_at desc, id desc limit 10 offset ?`,
);

const app = Fastify({ logger: false });
app.get('/list', async (request, reply) => {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const actor = token
    ? (findToken.get(createHash('sha256').update(token).digest('hex')) as { firm_id: number } | undefined)
    : undefined;
  if (!actor) return reply.code(401).send({ status: 'error' });
  const page = Math.max(1, Number((request.query as { page?: string }).page ?? 1));
  return { status: 'success', data: listClients.all(actor.firm_id, (page - 1) * 10) };
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${new URL(address).port}`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
