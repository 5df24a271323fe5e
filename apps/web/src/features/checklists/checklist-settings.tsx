import { type FirmSettingsInput, firmSettingsSchema } from '@portal/contract/requests';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { SectionCard } from '../../components/section-card';
import { useContractForm } from '../../components/use-contract-form';
import { NOTICE_AUTO_CLOSE_MS } from '../../config/product';
import { firmSettingsQuery } from '../../lib/queries/firm-settings';
import { useSaveChecklistSetting } from './checklists-api';

type SettingValues = { checklist_before_closing: boolean };

/**
 * The firm setting that holds filing until an item's checklist is done, beside the other firm settings;
 * shown only when the server answers the settings (to the firm's MPC).
 */
export function ChecklistSettings() {
  const settings = useQuery(firmSettingsQuery());
  const save = useSaveChecklistSetting();
  const form = useContractForm<SettingValues, FirmSettingsInput>({
    schema: firmSettingsSchema,
    defaultValues: { checklist_before_closing: false },
    listFieldErrors: false,
    successAutoCloseMs: NOTICE_AUTO_CLOSE_MS,
  });
  const { reset, register, feedback } = form;
  useEffect(() => {
    if (settings.data) reset({ checklist_before_closing: settings.data.checklist_before_closing });
  }, [settings.data, reset]);
  if (!settings.data) return null;
  return (
    <SectionCard id="checklist-settings-title" title="Checklists" size="h6" className="mb-3">
      <Card.Body>
        {feedback.alerts}
        <Form
          noValidate
          onSubmit={form.submit((body) => save.mutateAsync(body))}
          className="d-flex flex-wrap align-items-center gap-3"
        >
          <Form.Check
            type="switch"
            id="checklist-before-closing"
            label="An item moves to filed or completed only when its checklist is done"
            {...register('checklist_before_closing')}
          />
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
        </Form>
        <p className="mb-0 mt-2">
          <Link to="/mpc/checklists">Checklists of your services</Link>
        </p>
      </Card.Body>
    </SectionCard>
  );
}
