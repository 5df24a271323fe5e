import { INVOICE_DOCUMENT_MESSAGES, LOGO_MIME_TYPES, MAX_LOGO_BYTES } from '@portal/contract/invoice-documents';
import { type ChangeEvent, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { BusyButton } from '../../components/busy-button';
import { FailureAlert } from '../../components/failure-alert';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { SectionCard } from '../../components/section-card';
import { readApiError } from '../../lib/api-error';
import { useBillingLogo, useRemoveBillingLogo, useSaveBillingLogo } from './billing-api';

const M = INVOICE_DOCUMENT_MESSAGES;
const INPUT_ID = 'billing-logo-file';

/** A file's bytes as base64, without the `data:` prefix a data URL carries. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Why a chosen file cannot be the logo, before it is sent (the server checks its bytes again). */
function checkLogoFile(file: File): string | null {
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return M.logoType;
  if (file.size > MAX_LOGO_BYTES) return M.logoTooLarge;
  return null;
}

/** The logo the firm's invoice PDFs carry at their top left: upload a PNG or JPEG up to 512 KB, see it, remove it. */
export function BillingLogoCard() {
  const logo = useBillingLogo();
  const save = useSaveBillingLogo();
  const remove = useRemoveBillingLogo();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setNotice(null);
    if (!file) return;
    const problem = checkLogoFile(file);
    setError(problem);
    if (problem) return;
    await save
      .mutateAsync({ content_base64: await readBase64(file) })
      .then(() => setNotice(M.logoSaved))
      .catch((failure: unknown) => setError(readApiError(failure).message));
  };
  const drop = () =>
    remove
      .mutateAsync()
      .then(() => setNotice(M.logoRemoved))
      .catch(() => undefined);
  const current = logo.data;
  return (
    <SectionCard id="billing-logo-title" title="Logo" size="h6" className="my-3">
      <Card.Body>
        <FailureAlert of={logo} />
        <FailureAlert of={remove} />
        {notice && (
          <p className="text-success" role="status">
            {notice}
          </p>
        )}
        {current ? (
          <img
            src={`data:${current.mime_type};base64,${current.content_base64}`}
            alt="The firm’s logo"
            className="d-block mb-3 border rounded"
            style={{ maxWidth: '100%', maxHeight: 96 }}
          />
        ) : (
          logo.isSuccess && <p className="text-muted">No logo yet: the invoices go without one.</p>
        )}
        <Form.Group controlId={INPUT_ID} className="mb-2">
          <Form.Label>{current ? 'Replace the logo' : 'Upload a logo'}</Form.Label>
          <Form.Control
            type="file"
            accept={LOGO_MIME_TYPES.join(',')}
            disabled={save.isPending}
            onChange={(event) => void choose(event as ChangeEvent<HTMLInputElement>)}
            {...invalidAttributes(INPUT_ID, error ?? undefined)}
          />
          <Form.Text>A PNG or JPEG image of at most 512 KB.</Form.Text>
          <FieldError controlId={INPUT_ID} error={error ?? undefined} />
        </Form.Group>
        {current && (
          <BusyButton variant="outline-danger" busy={remove.isPending} busyLabel="Removing" onClick={() => void drop()}>
            Remove the logo
          </BusyButton>
        )}
      </Card.Body>
    </SectionCard>
  );
}
