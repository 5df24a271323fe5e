import { MAX_TRASH_DAYS } from '@portal/contract/file-trash';
import type { FirmSettings } from '@portal/contract/requests';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { FirmSettingCard } from '../../components/firm-setting-card';

type TrashValues = { trash_days: string };

const toValues = (settings: FirmSettings): TrashValues => ({ trash_days: String(settings.trash_days) });

/** How many days a deleted file or folder stays in the trash before it is deleted for good (docs/decisions/0043). */
export function TrashDaysSetting() {
  return (
    <FirmSettingCard<TrashValues>
      id="trash-days-setting-title"
      title="Trash"
      defaultValues={{ trash_days: '' }}
      toValues={toValues}
      toBody={(values) => ({ trash_days: Number(values.trash_days) })}
      formClassName="d-flex flex-wrap align-items-start gap-2"
      renderFields={({ register, errors }) => {
        const error = errors.trash_days?.message;
        return (
          <>
            <Form.Label htmlFor="trash-days" className="mt-2 mb-0">
              Keep deleted files and folders for
            </Form.Label>
            <div>
              <Form.Control
                id="trash-days"
                type="number"
                min={1}
                max={MAX_TRASH_DAYS}
                {...invalidAttributes('trash-days', error)}
                {...register('trash_days')}
              />
              <FieldError controlId="trash-days" error={error} />
            </div>
            <span className="mt-2">days, then delete them for good.</span>
          </>
        );
      }}
    />
  );
}
