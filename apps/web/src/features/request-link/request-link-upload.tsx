import { UPLOAD_MIME_TYPES } from '@portal/contract/files';
import type { RequestLinkView } from '@portal/contract/request-links';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { NamedProgressBar } from '../../components/named-progress-bar';
import { namePhoto } from '../../components/take-photo-button';
import { useFileForm } from '../../components/use-file-form';
import { useUploadByLink } from './request-link-api';

// The types any client upload may have (the server judges the bytes); extensions help phones' pickers.
const ACCEPT = [...UPLOAD_MIME_TYPES, '.pdf', '.jpg', '.jpeg', '.png', '.xlsx', '.docx', '.csv', '.txt', '.zip'].join(
  ',',
);

type Item = RequestLinkView['items'][number];

/**
 * One document's upload through the link: a file chosen (or a photo taken: a phone offers its camera
 * on the second input), checked against the size limit, sent with its progress shown.
 */
export function LinkUploadControl({
  token,
  item,
  maxMb,
  onDone,
}: {
  token: string;
  item: Item;
  maxMb: number;
  onDone: (message: string) => void;
}) {
  const upload = useUploadByLink(token);
  const [progress, setProgress] = useState<number | null>(null);
  const { form, inputKey, clear } = useFileForm(maxMb);
  const id = `link-upload-${item.id}`;
  const error = form.errors.file?.message;
  const choose = (files: ArrayLike<File> | null) => form.setValue('file', files?.[0] ?? null);
  const onSubmit = form.submit(
    ({ file }) => {
      setProgress(0);
      return upload.mutateAsync({ itemId: item.id, file, onProgress: setProgress });
    },
    (result) => {
      setProgress(null);
      onDone(`${item.name}: ${result.message}`);
      clear();
    },
  );
  const busy = upload.isPending;
  return (
    <Form noValidate onSubmit={onSubmit} className="mt-2" aria-label={`Upload ${item.name}`}>
      {form.feedback.alerts}
      <Form.Label htmlFor={id} className="small mb-1">
        File for {item.name}
      </Form.Label>
      <Form.Control
        key={inputKey}
        type="file"
        id={id}
        accept={ACCEPT}
        onChange={(event) => choose((event.target as HTMLInputElement).files)}
        {...invalidAttributes(id, error)}
      />
      <FieldError controlId={id} error={error} />
      <div className="d-flex flex-wrap gap-2 mt-2">
        <Form.Label className="btn btn-outline-secondary btn-sm mb-0" htmlFor={`${id}-camera`}>
          Take a photo
        </Form.Label>
        <input
          key={`camera-${inputKey}`}
          id={`${id}-camera`}
          type="file"
          accept="image/*"
          capture="environment"
          className="visually-hidden"
          onChange={(event) => {
            const photo = event.target.files?.[0];
            choose(photo ? [namePhoto(photo)] : null);
          }}
        />
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Uploading…' : `Upload ${item.name}`}
        </Button>
      </div>
      {busy && progress !== null && (
        <NamedProgressBar percent={progress} name={`Uploading ${item.name}`} className="mt-2" />
      )}
    </Form>
  );
}
