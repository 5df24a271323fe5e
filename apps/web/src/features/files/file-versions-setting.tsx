import { MAX_FILE_VERSIONS_KEPT } from '@portal/contract/files';
import type { FirmSettings } from '@portal/contract/requests';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { FirmSettingCard } from '../../components/firm-setting-card';

type VersionValues = { file_versions_kept: string };

const toValues = (settings: FirmSettings): VersionValues => ({
  file_versions_kept: String(settings.file_versions_kept),
});

/** How many versions of a file the firm keeps (a file uploaded again under its name), beside the other settings. */
export function FileVersionsSetting() {
  return (
    <FirmSettingCard<VersionValues>
      id="file-versions-setting-title"
      title="File versions"
      defaultValues={{ file_versions_kept: '' }}
      toValues={toValues}
      toBody={(values) => ({ file_versions_kept: Number(values.file_versions_kept) })}
      formClassName="d-flex flex-wrap align-items-start gap-2"
      renderFields={({ register, errors }) => {
        const error = errors.file_versions_kept?.message;
        return (
          <>
            <Form.Label htmlFor="file-versions-kept" className="mt-2 mb-0">
              Keep the newest
            </Form.Label>
            <div>
              <Form.Control
                id="file-versions-kept"
                type="number"
                min={1}
                max={MAX_FILE_VERSIONS_KEPT}
                {...invalidAttributes('file-versions-kept', error)}
                {...register('file_versions_kept')}
              />
              <FieldError controlId="file-versions-kept" error={error} />
            </div>
            <span className="mt-2">versions of a file uploaded again under the same name.</span>
          </>
        );
      }}
    />
  );
}
