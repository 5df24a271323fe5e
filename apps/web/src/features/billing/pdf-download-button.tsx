import { DownloadButton } from '../../components/download-button';
import { MessageAlert } from '../../components/message-alert';
import { useDownload } from '../../components/use-download';
import { saveDownload } from '../../lib/save-download';

/** "Download PDF" of an invoice or receipt, fetched with the session; a refusal says why. */
export function PdfDownloadButton({ path, fileName }: { path: string; fileName: string }) {
  const download = useDownload();
  return (
    <>
      <MessageAlert variant="danger" messages={download.failure} />
      <DownloadButton
        variant="outline-secondary"
        download={download}
        name="pdf"
        fetchFile={(onTransfer) => saveDownload(path, {}, fileName, onTransfer)}
      >
        Download PDF
      </DownloadButton>
    </>
  );
}
