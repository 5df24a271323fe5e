import type { FileVisibility } from '@portal/contract/files';
import Form from 'react-bootstrap/Form';
import Lock from 'react-bootstrap-icons/dist/icons/lock';
import Unlock from 'react-bootstrap-icons/dist/icons/unlock';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { IconAction } from '../../components/icon-action';

const CHOICES: { value: FileVisibility; label: string }[] = [
  { value: 'shared', label: 'Shared with the client' },
  { value: 'firm', label: 'Firm only' },
];

/** Who sees what staff add: the client too, or only the firm (the server refuses a client's "firm only"). */
export function VisibilityChoice({ field, idPrefix }: { field: UseFormRegisterReturn; idPrefix: string }) {
  return (
    <Form.Group as="fieldset" className="mt-3">
      <Form.Label as="legend" className="fs-6">
        Who sees it?
      </Form.Label>
      <div>
        {CHOICES.map((choice) => (
          <Form.Check
            inline
            type="radio"
            key={choice.value}
            id={`${idPrefix}-visibility-${choice.value}`}
            label={choice.label}
            value={choice.value}
            {...field}
          />
        ))}
      </div>
    </Form.Group>
  );
}

/** The mark a firm-only file or folder carries in a list, read by a screen reader as well. */
export function FirmOnlyBadge() {
  return <span className="badge text-bg-secondary ms-2">Firm only</span>;
}

export type Target = { kind: 'file' | 'folder'; id: number; name: string };
export type VisibilityChange = Target & { visibility: FileVisibility };

/** The wording of a change of who sees an item: sharing again is said out loud, it shows the client. */
export function describeChange(change: VisibilityChange | null) {
  if (!change) return { title: '', text: '', confirm: '' };
  const what = change.kind === 'folder' ? `${change.name} and what is shared inside it` : change.name;
  return change.visibility === 'firm'
    ? { title: 'Make firm-only', text: `The client will no longer see ${what}.`, confirm: 'Make firm-only' }
    : { title: 'Share with the client', text: `The client will see ${what}.`, confirm: 'Share' };
}

/** The action that turns an item firm-only, or shares it again. */
export function VisibilityAction(props: {
  target: Target;
  visibility: FileVisibility;
  onChoose: (change: VisibilityChange) => void;
}) {
  const hide = props.visibility === 'shared';
  return (
    <IconAction
      label={hide ? `Make ${props.target.name} firm-only` : `Share ${props.target.name} with the client`}
      icon={hide ? <Lock aria-hidden /> : <Unlock aria-hidden />}
      onClick={() => props.onChoose({ ...props.target, visibility: hide ? 'firm' : 'shared' })}
    />
  );
}
