import {
  type OwnerNoticeKind,
  type OwnerNoticePreference,
  type OwnerNoticePreferenceInput,
  ownerNoticePreferenceSchema,
} from '@portal/contract/owner-notices';
import { useCallback, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { MessageAlert } from '../../components/message-alert';
import { NOTICE_AUTO_CLOSE_MS } from '../../config/product';
import { readApiError } from '../../lib/api-error';
import { useSaveOwnerNotices } from './account-api';

type Channel = 'in_app' | 'mail';
const CHANNELS: { channel: Channel; label: string }[] = [
  { channel: 'in_app', label: 'In the app' },
  { channel: 'mail', label: 'By email' },
];

/**
 * My Profile (MPC): what it hears of its firm's work, a switch per notice and channel, saved as it is
 * turned; the request is the server's own schema (`ownerNoticePreferenceSchema`).
 */
export function OwnerNoticesSection({ preferences }: { preferences: OwnerNoticePreference[] }) {
  const save = useSaveOwnerNotices();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [turning, setTurning] = useState<Partial<Record<string, boolean>>>({});
  const closeNotice = useCallback(() => setNotice(null), []);
  const turn = (kind: OwnerNoticeKind, channel: Channel, enabled: boolean) => {
    const key = `${kind}-${channel}`;
    const input: OwnerNoticePreferenceInput = ownerNoticePreferenceSchema.parse({ kind, [channel]: enabled });
    setError(null);
    setTurning((shown) => ({ ...shown, [key]: enabled }));
    save.mutate(input, {
      onSuccess: (result) => setNotice(result.message),
      onError: (failure) => setError(readApiError(failure).message),
      onSettled: () =>
        setTurning((shown) => {
          const { [key]: _done, ...rest } = shown;
          return rest;
        }),
    });
  };
  return (
    <div>
      <MessageAlert variant="danger" messages={error} onClose={() => setError(null)} />
      <MessageAlert variant="success" messages={notice} onClose={closeNotice} autoCloseMs={NOTICE_AUTO_CLOSE_MS} />
      {preferences.map((preference) => (
        <fieldset key={preference.kind} className="mb-3">
          <legend className="fs-6 mb-0">{preference.label}</legend>
          <p className="small text-muted mb-1">{preference.description}</p>
          {CHANNELS.map(({ channel, label }) => (
            <Form.Check
              key={channel}
              inline
              type="switch"
              role="switch"
              id={`owner-${preference.kind}-${channel}`}
              checked={turning[`${preference.kind}-${channel}`] ?? preference[channel]}
              disabled={save.isPending}
              onChange={(event) => turn(preference.kind, channel, event.currentTarget.checked)}
              label={label}
              aria-label={`${preference.label}: ${label.toLowerCase()}`}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}
