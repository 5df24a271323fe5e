import { allowedMimeTypesFor, DOCUMENT_LABELS, type DocumentType } from '@portal/contract/documents';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from '../../components/field-error';

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
      <Form.Control
        key={resetKey}
        type="file"
        accept={allowedMimeTypesFor(type).join(',')}
        {...invalidAttributes(`document-${type}`, error)}
        onChange={(event) => onChange((event.target as HTMLInputElement).files?.[0] ?? null)}
      />
      <FieldError controlId={`document-${type}`} error={error} />
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
