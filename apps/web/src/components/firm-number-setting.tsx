import type { FirmSettings } from '@portal/contract/requests';
import { useCallback } from 'react';
import { FirmSettingCard, type OneFieldSettingProps } from './firm-setting-card';
import { InlineNumberField } from './inline-number-field';

type FirmNumberSettingProps = OneFieldSettingProps<number> & {
  /** The words after the box (the label stands before it) and the most it takes. */
  after: string;
  max: number;
};

/** One of the firm's number settings, set inside a sentence in a card and saved on its own, as a number. */
export function FirmNumberSetting({ id, title, setting, controlId, label, after, max }: FirmNumberSettingProps) {
  // Stable per setting: the card re-fills the form whenever it changes.
  const toValues = useCallback((settings: FirmSettings) => ({ [setting]: String(settings[setting]) }), [setting]);
  return (
    <FirmSettingCard<Record<string, string>>
      id={id}
      title={title}
      defaultValues={{ [setting]: '' }}
      toValues={toValues}
      toBody={(values) => ({ [setting]: Number(values[setting]) })}
      formClassName="d-flex flex-wrap align-items-start gap-2"
      renderFields={({ register, errors }) => (
        <InlineNumberField
          id={controlId}
          label={label}
          after={after}
          max={max}
          error={errors[setting]?.message}
          registered={register(setting)}
        />
      )}
    />
  );
}
