import { MAX_FILE_VERSIONS_KEPT } from '@portal/contract/files';
import { FirmNumberSetting } from '../../components/firm-number-setting';

/** How many versions of a file the firm keeps (a file uploaded again under its name), beside the other settings. */
export function FileVersionsSetting() {
  return (
    <FirmNumberSetting
      id="file-versions-setting-title"
      title="File versions"
      setting="file_versions_kept"
      controlId="file-versions-kept"
      label="Keep the newest"
      after="versions of a file uploaded again under the same name."
      max={MAX_FILE_VERSIONS_KEPT}
    />
  );
}
