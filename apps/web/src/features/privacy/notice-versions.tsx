import type { PrivacyNoticeVersion } from '@portal/contract/privacy';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { DataTable } from '../../components/data-table';
import { DialogHeader } from '../../components/dialog-header';
import { Pager } from '../../components/pager';
import { formatDateTime } from '../../lib/format';
import { NoticeText } from './notice-text';
import { useNoticeVersions } from './privacy-api';

/** Every version the firm published, newest first, each readable as it was accepted. */
export function NoticeVersions() {
  const [page, setPage] = useState(1);
  const versions = useNoticeVersions(page);
  const [reading, setReading] = useState<PrivacyNoticeVersion | null>(null);
  return (
    <>
      <DataTable
        layout="rows"
        ariaLabel="Published versions"
        columns={[
          {
            header: 'Version',
            cell: (version) => (
              <>
                Version {version.version}{' '}
                {version.current && (
                  <Badge bg="success" className="ms-1">
                    In force
                  </Badge>
                )}
              </>
            ),
            title: true,
          },
          { header: 'Published (IST)', cell: (version) => formatDateTime(version.published_at) },
          { header: 'By', cell: (version) => version.published_by ?? '' },
          {
            header: 'Text',
            cell: (version) => (
              <Button variant="link" className="p-0" onClick={() => setReading(version)}>
                Read version {version.version}
              </Button>
            ),
          },
        ]}
        rows={versions.data?.data}
        loading={versions.isPending}
        loadingLabel="Loading the versions"
        emptyText="Your firm has not published a notice of its own: the portal's default (version 0) is in force."
      />
      <Pager page={page} lastPage={versions.data?.last_page ?? 1} onChange={setPage} label="Version pages" />
      <Modal show={reading !== null} onHide={() => setReading(null)} size="lg" aria-labelledby="version-title">
        <DialogHeader titleId="version-title">Version {reading?.version} of the privacy notice</DialogHeader>
        <Modal.Body>{reading && <NoticeText text={reading.text} headingLevel="h3" />}</Modal.Body>
      </Modal>
    </>
  );
}
