import { type FirmSettings, type FirmSettingsInput, firmSettingsSchema } from '@portal/contract/requests';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { NOTICE_AUTO_CLOSE_MS } from '../config/product';
import { firmSettingsQuery, useSaveFirmSettings } from '../lib/queries/firm-settings';
import { SectionCard } from './section-card';
import { type ContractForm, useContractForm } from './use-contract-form';

/** The firm's settings whose saved value is a `V` (boolean, number). */
export type FirmSettingOf<V> = { [K in keyof FirmSettings]: FirmSettings[K] extends V ? K : never }[keyof FirmSettings];

/** A card of one setting with one field: the card's heading (its id names the card), the field's id and label. */
export type OneFieldSettingProps<V> = {
  id: string;
  title: string;
  setting: FirmSettingOf<V>;
  controlId: string;
  label: string;
};

type FirmSettingCardProps<TValues extends FieldValues> = {
  /** The heading's id: the card is named by it. */
  id: string;
  title: string;
  defaultValues: DefaultValues<TValues>;
  /** The form's values from the saved settings; a stable (module-level) function, as it re-fills the form. */
  toValues: (settings: FirmSettings) => TValues;
  toBody?: (values: TValues) => unknown;
  formClassName: string;
  /** The setting's fields, before the Save button. */
  renderFields: (form: ContractForm<TValues, FirmSettingsInput>) => ReactNode;
  /** What follows the form (where the setting is put to use). */
  footer?: ReactNode;
};

/**
 * One of the firm's settings as a small form in a card, filled from the saved settings and saved on
 * its own; shown only when the server answers the settings (to the firm's MPC).
 */
export function FirmSettingCard<TValues extends FieldValues>({
  id,
  title,
  defaultValues,
  toValues,
  toBody,
  formClassName,
  renderFields,
  footer,
}: FirmSettingCardProps<TValues>) {
  const settings = useQuery(firmSettingsQuery());
  const save = useSaveFirmSettings();
  const form = useContractForm<TValues, FirmSettingsInput>({
    schema: firmSettingsSchema,
    defaultValues,
    toBody,
    listFieldErrors: false,
    successAutoCloseMs: NOTICE_AUTO_CLOSE_MS,
  });
  const { reset, feedback } = form;
  useEffect(() => {
    if (settings.data) reset(toValues(settings.data));
  }, [settings.data, reset, toValues]);
  if (!settings.data) return null;
  return (
    <SectionCard id={id} title={title} size="h6" className="mb-3">
      <Card.Body>
        {feedback.alerts}
        <Form noValidate onSubmit={form.submit((body) => save.mutateAsync(body))} className={formClassName}>
          {renderFields(form)}
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
        </Form>
        {footer}
      </Card.Body>
    </SectionCard>
  );
}
