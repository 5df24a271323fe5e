import { FirmSwitchSetting } from '../../components/firm-switch-setting';

/**
 * The MPC says whether the firm is a reporting entity under the PMLA (practising CAs, CSs and CMAs in the
 * transactions notification S.O. 2036(E) lists): then an erased client's name and PAN stay five years.
 */
export function PmlaSetting() {
  return (
    <FirmSwitchSetting
      id="pmla-setting-title"
      title="Client due diligence (PMLA)"
      setting="pmla_reporting_entity"
      controlId="pmla-reporting-entity"
      label="Our firm is a reporting entity under the Prevention of Money-laundering Act"
      footer={
        <p className="small text-muted mb-0 mt-2">
          When on, erasing a client keeps its name and PAN for five years after the erasure (section 12), then removes
          them.
        </p>
      }
    />
  );
}
