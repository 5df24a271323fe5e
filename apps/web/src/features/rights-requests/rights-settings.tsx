import type { FirmSettings } from '@portal/contract/requests';
import { DEFAULT_RIGHTS_RESPONSE_DAYS, MAX_RIGHTS_RESPONSE_DAYS } from '@portal/contract/rights-requests';
import Form from 'react-bootstrap/Form';
import { FirmSettingCard } from '../../components/firm-setting-card';
import { bindFormFields } from '../../components/form-fields';

type DaysValues = { rights_response_days: string };

const toValues = (settings: FirmSettings): DaysValues => ({
  rights_response_days: String(settings.rights_response_days),
});
const toBody = (values: DaysValues) => ({ rights_response_days: Number(values.rights_response_days) });

/** How many days the firm takes to answer a data request other than a grievance (the MPC's setting). */
export function RightsSettings() {
  return (
    <FirmSettingCard<DaysValues>
      id="rights-settings-title"
      title="Days to answer a data request"
      defaultValues={{ rights_response_days: String(DEFAULT_RIGHTS_RESPONSE_DAYS) }}
      toValues={toValues}
      toBody={toBody}
      formClassName="d-flex flex-wrap align-items-end gap-3"
      renderFields={({ register, errors }) =>
        bindFormFields(errors, 'rights-settings')(
          'rights_response_days',
          `Days (1 to ${MAX_RIGHTS_RESPONSE_DAYS}; a grievance always within 90)`,
          <Form.Control
            type="number"
            min={1}
            max={MAX_RIGHTS_RESPONSE_DAYS}
            inputMode="numeric"
            {...register('rights_response_days')}
          />,
          { className: 'mb-0' },
        )
      }
      footer={<p className="small text-muted mb-0 mt-2">A request's due day is fixed when it arrives.</p>}
    />
  );
}
