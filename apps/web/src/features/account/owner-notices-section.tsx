import {
  type OwnerNoticeKind,
  type OwnerNoticePreference,
  type OwnerNoticePreferenceInput,
  ownerNoticePreferenceSchema,
} from '@portal/contract/owner-notices';
import Form from 'react-bootstrap/Form';
import { useSaveOwnerNotices } from './account-api';
import { useSwitchSaves } from './use-switch-saves';

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
  const { turning, turn, alerts } = useSwitchSaves(save);
  const turnChannel = (kind: OwnerNoticeKind, channel: Channel, enabled: boolean) => {
    const input: OwnerNoticePreferenceInput = ownerNoticePreferenceSchema.parse({ kind, [channel]: enabled });
    turn(`${kind}-${channel}`, enabled, input);
  };
  return (
    <div>
      {alerts}
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
              onChange={(event) => turnChannel(preference.kind, channel, event.currentTarget.checked)}
              label={label}
              aria-label={`${preference.label}: ${label.toLowerCase()}`}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}
