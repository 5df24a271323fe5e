import { REQUEST_LINK_DAYS } from '@portal/contract/request-links';
import { FirmSwitchSetting } from '../../components/firm-switch-setting';

/**
 * Whether document request mails carry a link that opens the request without a sign-in (issue 24), beside
 * the other firm settings. Off, no link is sent and none already sent opens.
 */
export function RequestLinkSettings() {
  return (
    <FirmSwitchSetting
      id="request-link-settings-title"
      title="Request links"
      setting="request_links_enabled"
      controlId="request-links-enabled"
      label={`Request mails carry a link to upload without signing in (works ${REQUEST_LINK_DAYS} days or until the request closes; also for clients with two-factor sign-in)`}
    />
  );
}
