import type { MailPreference } from '@portal/contract/notifications';
import Form from 'react-bootstrap/Form';
import { useSaveMailPreferences } from './account-api';
import { useSwitchSaves } from './use-switch-saves';

/**
 * My Profile's email notifications: a switch per mail the user's role receives, saved as it is turned.
 * Security notices (password, second factor, sign-in links) are always sent and have no switch.
 */
export function MailPreferencesSection({ preferences }: { preferences: MailPreference[] }) {
  const save = useSaveMailPreferences();
  const { turning, turn, alerts } = useSwitchSaves(save);
  return (
    <div>
      {alerts}
      {preferences.map((preference) => (
        <Form.Check
          key={preference.kind}
          type="switch"
          role="switch"
          id={`mail-${preference.kind}`}
          className="mb-3"
          checked={turning[preference.kind] ?? preference.enabled}
          disabled={save.isPending}
          onChange={(event) =>
            turn(preference.kind, event.currentTarget.checked, { [preference.kind]: event.currentTarget.checked })
          }
          label={
            <>
              <span className="d-block">{preference.label}</span>
              <small className="text-muted">{preference.description}</small>
            </>
          }
        />
      ))}
      <p className="small text-muted mb-0">
        Notices about your password, two-factor sign-in and sessions are always sent.
      </p>
    </div>
  );
}
