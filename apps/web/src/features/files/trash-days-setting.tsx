import { MAX_TRASH_DAYS } from '@portal/contract/file-trash';
import { FirmNumberSetting } from '../../components/firm-number-setting';

/** How many days a deleted file or folder stays in the trash before it is deleted for good (docs/decisions/0043). */
export function TrashDaysSetting() {
  return (
    <FirmNumberSetting
      id="trash-days-setting-title"
      title="Trash"
      setting="trash_days"
      controlId="trash-days"
      label="Keep deleted files and folders for"
      after="days, then delete them for good."
      max={MAX_TRASH_DAYS}
    />
  );
}
