import FileEarmarkZip from 'react-bootstrap-icons/dist/icons/file-earmark-zip';
import { followDownload, isExpiryNear } from '../../lib/download-links';

type ZipDownloadButtonProps = {
  /** The level's signed ZIP link and its end; none while the level loads. */
  zip: { url: string; expiresAt: string } | undefined;
  /** Lists the level again; resolves to its fresh ZIP link. */
  refresh: () => Promise<{ url: string } | undefined>;
};

/**
 * "Download as ZIP": a plain link the browser follows, so the archive streams straight to disk; a link
 * left on screen past its life is fetched afresh first.
 */
export function ZipDownloadButton({ zip, refresh }: ZipDownloadButtonProps) {
  if (!zip) return null;
  const follow = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (!isExpiryNear(zip.expiresAt)) return;
    event.preventDefault();
    const fresh = await refresh();
    if (fresh) followDownload(fresh.url);
  };
  return (
    <a className="btn btn-sm btn-outline-secondary" href={zip.url} download onClick={(event) => void follow(event)}>
      <FileEarmarkZip aria-hidden className="me-1" />
      Download as ZIP
    </a>
  );
}
