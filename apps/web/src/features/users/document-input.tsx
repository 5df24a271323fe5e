import { allowedMimeTypesFor, DOCUMENT_LABELS, type DocumentType } from '@portal/contract/documents';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { TakePhotoButton } from '../../components/take-photo-button';

type DocumentInputProps = {
  type: DocumentType;
  current?: { url: string; original_name: string } | undefined;
  required?: boolean;
  error?: string | undefined;
  /** Changing it clears the chosen file (after a save). */
  resetKey: number;
  onChange: (file: File | null) => void;
};

/** A file input for one user document, with a link to the one already stored. */
export function DocumentInput({ type, current, required, error, resetKey, onChange }: DocumentInputProps) {
  // A photo from the camera is not in the picker's input: its name is shown instead, until the next save.
  const [photo, setPhoto] = useState<{ name: string; resetKey: number }>();
  const [picks, setPicks] = useState(0);
  // Proofs are papers a phone can photograph; a logo or a profile picture is not taken on the spot.
  const isProof = type !== 'logo' && type !== 'profile_picture';
  return (
    <Form.Group controlId={`document-${type}`}>
      <Form.Label>
        {DOCUMENT_LABELS[type]}
        {required && (
          <span className="text-danger" aria-hidden>
            {' '}
            *
          </span>
        )}
      </Form.Label>
      <div className="d-flex flex-wrap gap-2">
        <Form.Control
          key={`${resetKey}-${picks}`}
          type="file"
          accept={allowedMimeTypesFor(type).join(',')}
          {...invalidAttributes(`document-${type}`, error)}
          onChange={(event) => {
            setPhoto(undefined);
            onChange((event.target as HTMLInputElement).files?.[0] ?? null);
          }}
        />
        {isProof && (
          <TakePhotoButton
            subject={DOCUMENT_LABELS[type]}
            onPhoto={(taken) => {
              // The picker's own choice, if any, is replaced: clear it so the two never disagree.
              setPicks((count) => count + 1);
              setPhoto({ name: taken.name, resetKey });
              onChange(taken);
            }}
          />
        )}
      </div>
      {photo?.resetKey === resetKey && <Form.Text className="d-block">Photo taken: {photo.name}</Form.Text>}
      <FieldError controlId={`document-${type}`} error={error} className={error ? 'd-block' : undefined} />
      {current && (
        <Form.Text>
          Current:{' '}
          <a href={current.url} target="_blank" rel="noopener noreferrer">
            {current.original_name}
          </a>
        </Form.Text>
      )}
    </Form.Group>
  );
}
