import type { FirmSettings } from '@portal/contract/requests';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { FirmSettingCard } from '../../components/firm-setting-card';

type SettingValues = { checklist_before_closing: boolean };

const toValues = (settings: FirmSettings): SettingValues => ({
  checklist_before_closing: settings.checklist_before_closing,
});

/** The firm setting that holds filing until an item's checklist is done, beside the other firm settings. */
export function ChecklistSettings() {
  return (
    <FirmSettingCard<SettingValues>
      id="checklist-settings-title"
      title="Checklists"
      defaultValues={{ checklist_before_closing: false }}
      toValues={toValues}
      formClassName="d-flex flex-wrap align-items-center gap-3"
      renderFields={({ register }) => (
        <Form.Check
          type="switch"
          id="checklist-before-closing"
          label="An item moves to filed or completed only when its checklist is done"
          {...register('checklist_before_closing')}
        />
      )}
      footer={
        <p className="mb-0 mt-2">
          <Link to="/mpc/checklists">Checklists of your services</Link>
        </p>
      }
    />
  );
}
