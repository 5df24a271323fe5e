import { Link } from 'react-router';
import { FirmSwitchSetting } from '../../components/firm-switch-setting';

/** The firm setting that holds filing until an item's checklist is done, beside the other firm settings. */
export function ChecklistSettings() {
  return (
    <FirmSwitchSetting
      id="checklist-settings-title"
      title="Checklists"
      setting="checklist_before_closing"
      controlId="checklist-before-closing"
      label="An item moves to filed or completed only when its checklist is done"
      footer={
        <p className="mb-0 mt-2">
          <Link to="/mpc/checklists">Checklists of your services</Link>
        </p>
      }
    />
  );
}
