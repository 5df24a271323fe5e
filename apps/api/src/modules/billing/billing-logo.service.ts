import {
  type BillingLogo,
  type LogoMimeType,
  INVOICE_DOCUMENT_MESSAGES as M,
  MAX_LOGO_BYTES,
} from '@portal/contract/invoice-documents';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failNotFound, failValidation } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { findLogoOfFirm, removeLogoOfFirm, writeLogoOfFirm } from './invoice-documents.repository.js';
import { canDrawImage } from './invoice-pdf-drawing.js';
import { ownFirm } from './profile.service.js';

/** The type the bytes themselves say (PNG's eight-byte signature, JPEG's start of image), not a claimed one. */
function detectLogoType(bytes: Buffer): LogoMimeType | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  return null;
}

/** `GET /api/billing/profile/logo`: the firm's logo, or 404 when it has none. */
export async function readBillingLogo(context: AppContext, actor: Actor): Promise<BillingLogo> {
  const logo = await findLogoOfFirm(context.db, ownFirm(actor));
  if (!logo) failNotFound(M.logoNotFound);
  return {
    mime_type: logo.mime_type as LogoMimeType,
    size_bytes: logo.size_bytes,
    content_base64: Buffer.from(logo.content).toString('base64'),
    updated_at: new Date(logo.updated_at).toISOString(),
  };
}

/** `PUT /api/billing/profile/logo`: a PNG or JPEG of at most 512 KB, by its bytes, that the PDF can draw. */
export async function saveBillingLogo(
  context: AppContext,
  actor: Actor,
  contentBase64: string,
  ip: string,
): Promise<BillingLogo> {
  const firmId = ownFirm(actor);
  const content = Buffer.from(contentBase64, 'base64');
  if (content.length > MAX_LOGO_BYTES) failValidation('content_base64', M.logoTooLarge);
  const mimeType = detectLogoType(content);
  if (!mimeType || !(await canDrawImage(content))) failValidation('content_base64', M.logoType);
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    await writeLogoOfFirm(trx, firmId, {
      mime_type: mimeType,
      content,
      size_bytes: content.length,
      updated_by: actor.id,
      updated_at: at.toISOString(),
    });
    await recordAudit(trx, { actorId: actor.id, action: 'billing.logo', details: { change: 'saved' }, ip, at });
  });
  return readBillingLogo(context, actor);
}

/** `DELETE /api/billing/profile/logo`: the PDFs go on without one; 404 when there was none. */
export async function removeBillingLogo(context: AppContext, actor: Actor, ip: string): Promise<void> {
  const firmId = ownFirm(actor);
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    if (!(await removeLogoOfFirm(trx, firmId))) failNotFound(M.logoNotFound);
    await recordAudit(trx, { actorId: actor.id, action: 'billing.logo', details: { change: 'removed' }, ip, at });
  });
}
