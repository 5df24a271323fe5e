import type { FirmSettings } from '@portal/contract/requests';
import { type ReactNode, useCallback } from 'react';
import Form from 'react-bootstrap/Form';
import { FirmSettingCard, type OneFieldSettingProps } from './firm-setting-card';

type FirmSwitchSettingProps = OneFieldSettingProps<boolean> & { footer?: ReactNode };

/** One of the firm's on-or-off settings: a card with its switch, saved on its own. */
export function FirmSwitchSetting({ id, title, setting, controlId, label, footer }: FirmSwitchSettingProps) {
  // Stable per setting: the card re-fills the form whenever it changes.
  const toValues = useCallback((settings: FirmSettings) => ({ [setting]: settings[setting] }), [setting]);
  return (
    <FirmSettingCard<Record<string, boolean>>
      id={id}
      title={title}
      defaultValues={{ [setting]: false }}
      toValues={toValues}
      formClassName="d-flex flex-wrap align-items-center gap-3"
      renderFields={({ register }) => <Form.Check type="switch" id={controlId} label={label} {...register(setting)} />}
      footer={footer}
    />
  );
}
