import type { FirmSettings } from '@portal/contract/requests';
import Form from 'react-bootstrap/Form';
import { FirmSettingCard } from '../../components/firm-setting-card';

type PmlaValues = { pmla_reporting_entity: boolean };
const toValues = (settings: FirmSettings): PmlaValues => ({ pmla_reporting_entity: settings.pmla_reporting_entity });

/**
 * The MPC says whether the firm is a reporting entity under the PMLA (practising CAs, CSs and CMAs in the
 * transactions notification S.O. 2036(E) lists): then an erased client's name and PAN stay five years.
 */
export function PmlaSetting() {
  return (
    <FirmSettingCard<PmlaValues>
      id="pmla-setting-title"
      title="Client due diligence (PMLA)"
      defaultValues={{ pmla_reporting_entity: false }}
      toValues={toValues}
      formClassName="d-flex flex-wrap align-items-center gap-3"
      renderFields={({ register }) => (
        <Form.Check
          id="pmla-reporting-entity"
          type="switch"
          label="Our firm is a reporting entity under the Prevention of Money-laundering Act"
          {...register('pmla_reporting_entity')}
        />
      )}
      footer={
        <p className="small text-muted mb-0 mt-2">
          When on, erasing a client keeps its name and PAN for five years after the erasure (section 12), then removes
          them.
        </p>
      }
    />
  );
}
