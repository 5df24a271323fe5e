import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { E2E_DATA_DIR } from './e2e-env';

/**
 * The newest message to `to` with this subject that the portal wrote to its outbox (no SMTP server in the
 * browser tests), waiting for it to arrive: delivery happens off the request.
 */
export async function waitForOutboxMail(
  to: string,
  subject: string,
  timeoutMs = 5000,
): Promise<{ subject: string; text: string }> {
  const folder = path.join(E2E_DATA_DIR, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((name) => name.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const name of names) {
      const raw = readIfPresent(path.join(folder, name));
      if (!raw) continue;
      const parsed = await simpleParser(raw);
      const recipient = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
      if (recipient?.value[0]?.address?.toLowerCase() === to.toLowerCase() && parsed.subject === subject)
        return { subject: parsed.subject ?? '', text: parsed.text ?? '' };
    }
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to} in ${folder}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The portal removes a message once its link is used (another test's, meanwhile): it is no longer there. */
function readIfPresent(file: string): Buffer | null {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
}

export function readLink(mail: { text: string }): string {
  // The whole query: an invitation's link also says it is one (`&invitation=1`).
  const link = /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_=&-]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no link in: ${mail.text}`);
  return link;
}
