import Button from 'react-bootstrap/Button';
import { MessageAlert } from '../../components/message-alert';
import { saveDownload } from '../../lib/save-download';
import { useDownload } from './use-download';

/** "Download PDF" of an invoice or receipt, fetched with the session; a refusal says why. */
export function PdfDownloadButton({ path, fileName }: { path: string; fileName: string }) {
  const { busy, failure, run } = useDownload();
  return (
    <>
      <MessageAlert variant="danger" messages={failure} />
      <Button
        variant="outline-secondary"
        disabled={busy !== null}
        onClick={() => run('pdf', () => saveDownload(path, {}, fileName))}
      >
        Download PDF
      </Button>
    </>
  );
}
