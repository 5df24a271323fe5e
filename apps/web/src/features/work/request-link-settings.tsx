import { REQUEST_LINK_DAYS } from '@portal/contract/request-links';
import type { FirmSettings } from '@portal/contract/requests';
import Form from 'react-bootstrap/Form';
import { FirmSettingCard } from '../../components/firm-setting-card';

type LinkValues = { request_links_enabled: boolean };

const toValues = (settings: FirmSettings): LinkValues => ({ request_links_enabled: settings.request_links_enabled });

/**
 * Whether document request mails carry a link that opens the request without a sign-in (issue 24), beside
 * the other firm settings. Off, no link is sent and none already sent opens.
 */
export function RequestLinkSettings() {
  return (
    <FirmSettingCard<LinkValues>
      id="request-link-settings-title"
      title="Request links"
      defaultValues={{ request_links_enabled: true }}
      toValues={toValues}
      formClassName="d-flex flex-wrap align-items-center gap-3"
      renderFields={({ register }) => (
        <Form.Check
          type="switch"
          id="request-links-enabled"
          label={`Request mails carry a link to upload without signing in (works ${REQUEST_LINK_DAYS} days or until the request closes; also for clients with two-factor sign-in)`}
          {...register('request_links_enabled')}
        />
      )}
    />
  );
}
