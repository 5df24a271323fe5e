import type { FileEntry, FolderEntry } from '@portal/contract/files';
import { useState } from 'react';
import Breadcrumb from 'react-bootstrap/Breadcrumb';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Download, Eye, FileEarmark, Folder2, FolderPlus, Trash, Upload } from 'react-bootstrap-icons';
import { Link, useParams } from 'react-router';
import { ConfirmModal } from '../../components/confirm-modal';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { AddFolderModal } from './add-folder-modal';
import { FilePreviewModal } from './file-preview-modal';
import { useFolderContents, useRemoveEntry, useServiceFolders, useServicesOfClient } from './files-api';
import { formatBytes } from './format-bytes';
import { UploadFilesModal } from './upload-files-modal';

type FileBrowserPageProps = {
  clientId: number;
  /** Where this client's files start: `/{role}/client/file/{id}` for staff, `/client/file` for the client. */
  basePath: string;
};

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric' });

/** The one file browser (spec client/file routes): service tiles, then folders and files, with a breadcrumb. */
export function FileBrowserPage({ clientId, basePath }: FileBrowserPageProps) {
  const params = useParams();
  const serviceId = params.service_id ? Number(params.service_id) : null;
  const folderId = params.folder_id ? Number(params.folder_id) : null;
  const services = useServicesOfClient(clientId);
  const service = services.data?.find((entry) => entry.service_id === serviceId);
  useDocumentTitle(service?.service_name, 'Files');

  return (
    <section className="d-grid gap-3">
      <Breadcrumb aria-label="Folder path">
        <Breadcrumb.Item linkAs={Link} linkProps={{ to: basePath }} active={serviceId === null}>
          Services
        </Breadcrumb.Item>
        {serviceId !== null && (
          <ServiceCrumbs
            basePath={basePath}
            clientId={clientId}
            serviceId={serviceId}
            folderId={folderId}
            serviceName={service?.service_name ?? 'Service'}
          />
        )}
      </Breadcrumb>
      {serviceId === null ? (
        <ServiceTiles basePath={basePath} services={services} />
      ) : folderId === null ? (
        <TopFolders basePath={basePath} clientId={clientId} serviceId={serviceId} />
      ) : (
        <FolderView basePath={basePath} clientId={clientId} serviceId={serviceId} folderId={folderId} />
      )}
    </section>
  );
}

function ServiceCrumbs(props: {
  basePath: string;
  clientId: number;
  serviceId: number;
  folderId: number | null;
  serviceName: string;
}) {
  const contents = useFolderContents(props.clientId, props.serviceId, props.folderId ?? 0, props.folderId !== null);
  const path = props.folderId === null ? [] : (contents.data?.path ?? []);
  return (
    <>
      <Breadcrumb.Item
        linkAs={Link}
        linkProps={{ to: `${props.basePath}/${props.serviceId}` }}
        active={props.folderId === null}
      >
        {props.serviceName}
      </Breadcrumb.Item>
      {path.map((entry, index) => (
        <Breadcrumb.Item
          key={entry.folder_id}
          linkAs={Link}
          linkProps={{ to: `${props.basePath}/${props.serviceId}/${entry.folder_id}` }}
          active={index === path.length - 1}
        >
          {entry.folder_name}
        </Breadcrumb.Item>
      ))}
    </>
  );
}

function ServiceTiles({ basePath, services }: { basePath: string; services: ReturnType<typeof useServicesOfClient> }) {
  if (services.isPending) return <Spinner animation="border" role="status" aria-label="Loading services" />;
  if (services.isError) return <MessageAlert variant="danger" messages={readApiError(services.error).message} />;
  if (services.data.length === 0) return <p className="text-muted">No services yet.</p>;
  return (
    <Row className="g-3">
      {services.data.map((service) => (
        <Col sm={6} md={4} lg={3} key={service.service_id}>
          <Link to={`${basePath}/${service.service_id}`} className="text-decoration-none">
            <Card className="service-tile h-100 text-center">
              <Card.Body className="d-flex flex-column align-items-center justify-content-center gap-2">
                <Folder2 size={32} aria-hidden className="text-warning" />
                <span>{service.service_name}</span>
              </Card.Body>
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}

function TopFolders({ basePath, clientId, serviceId }: { basePath: string; clientId: number; serviceId: number }) {
  const folders = useServiceFolders(clientId, serviceId);
  const [adding, setAdding] = useState(false);
  return (
    <Card>
      <Card.Header className="bg-white d-flex justify-content-between align-items-center">
        <h1 className="h5 mb-0">Folders</h1>
        <Button size="sm" onClick={() => setAdding(true)}>
          <FolderPlus aria-hidden className="me-1" />
          Add Folder
        </Button>
      </Card.Header>
      <Card.Body>
        {folders.isError && <MessageAlert variant="danger" messages={readApiError(folders.error).message} />}
        <EntryTable
          basePath={basePath}
          clientId={clientId}
          serviceId={serviceId}
          folders={folders.data ?? []}
          files={[]}
          loading={folders.isPending}
          emptyText="No folders yet."
        />
      </Card.Body>
      <AddFolderModal show={adding} target={{ clientId, serviceId, parentId: null }} onClose={() => setAdding(false)} />
    </Card>
  );
}

function FolderView({
  basePath,
  clientId,
  serviceId,
  folderId,
}: {
  basePath: string;
  clientId: number;
  serviceId: number;
  folderId: number;
}) {
  const contents = useFolderContents(clientId, serviceId, folderId);
  const [adding, setAdding] = useState(false);
  const [uploading, setUploading] = useState(false);
  if (contents.isError) return <MessageAlert variant="danger" messages={readApiError(contents.error).message} />;
  return (
    <Card>
      <Card.Header className="bg-white d-flex justify-content-between align-items-center gap-2 flex-wrap">
        <h1 className="h5 mb-0">{contents.data?.folder.folder_name ?? 'Folder'}</h1>
        <div className="d-flex gap-2">
          <Button size="sm" variant="outline-primary" onClick={() => setAdding(true)}>
            <FolderPlus aria-hidden className="me-1" />
            Add Folder
          </Button>
          <Button size="sm" onClick={() => setUploading(true)}>
            <Upload aria-hidden className="me-1" />
            Add File
          </Button>
        </div>
      </Card.Header>
      <Card.Body>
        <EntryTable
          basePath={basePath}
          clientId={clientId}
          serviceId={serviceId}
          folders={contents.data?.folders ?? []}
          files={contents.data?.files ?? []}
          loading={contents.isPending}
          emptyText="This folder is empty."
        />
      </Card.Body>
      <AddFolderModal
        show={adding}
        target={{ clientId, serviceId, parentId: folderId }}
        onClose={() => setAdding(false)}
      />
      <UploadFilesModal
        show={uploading}
        target={{ clientId, serviceId, folderId }}
        onClose={() => setUploading(false)}
      />
    </Card>
  );
}

type EntryTableProps = {
  basePath: string;
  clientId: number;
  serviceId: number;
  folders: FolderEntry[];
  files: FileEntry[];
  loading: boolean;
  emptyText: string;
};

function EntryTable({ basePath, clientId, serviceId, folders, files, loading, emptyText }: EntryTableProps) {
  const remove = useRemoveEntry(clientId);
  const [toDelete, setToDelete] = useState<{ kind: 'file' | 'folder'; id: number; name: string } | null>(null);
  const [preview, setPreview] = useState<FileEntry | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync({ kind: toDelete.kind, id: toDelete.id });
    } catch (error) {
      setFailure(readApiError(error).message);
    }
    setToDelete(null);
  };

  if (loading) return <Spinner animation="border" role="status" aria-label="Loading folder" />;
  return (
    <>
      <MessageAlert variant="danger" messages={failure} onClose={() => setFailure(null)} />
      {folders.length === 0 && files.length === 0 ? (
        <p className="text-muted mb-0">{emptyText}</p>
      ) : (
        <Table responsive hover className="align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Added by</th>
              <th scope="col">Date</th>
              <th scope="col">Size</th>
              <th scope="col" className="text-end">
                Action
              </th>
            </tr>
          </thead>
          <tbody>
            {folders.map((folder) => (
              <tr key={`folder-${folder.folder_id}`}>
                <td>
                  <Link
                    to={`${basePath}/${serviceId}/${folder.folder_id}`}
                    className="d-inline-flex align-items-center gap-2"
                  >
                    <Folder2 aria-hidden className="text-warning" />
                    {folder.folder_name}
                  </Link>
                </td>
                <td>{folder.user}</td>
                <td>{dateOf(folder.created_at)}</td>
                <td className="text-muted small">
                  {folder.children + folder.files} item{folder.children + folder.files === 1 ? '' : 's'}
                </td>
                <td className="text-end">
                  {folder.can_delete && (
                    <Button
                      variant="link"
                      size="sm"
                      className="text-danger"
                      aria-label={`Delete folder ${folder.folder_name}`}
                      onClick={() => setToDelete({ kind: 'folder', id: folder.folder_id, name: folder.folder_name })}
                    >
                      <Trash aria-hidden />
                    </Button>
                  )}
                </td>
              </tr>
            ))}
            {files.map((file) => (
              <tr key={`file-${file.file_id}`}>
                <td>
                  <span className="d-inline-flex align-items-center gap-2">
                    <FileEarmark aria-hidden />
                    <span>
                      {file.file_name}
                      {file.notes && <div className="text-muted small">{file.notes}</div>}
                    </span>
                  </span>
                </td>
                <td>{file.user}</td>
                <td>{dateOf(file.created_at)}</td>
                <td className="text-nowrap">
                  {formatBytes(file.size)} <span className="text-muted small">{file.mime_type.split('/').pop()}</span>
                </td>
                <td className="text-end text-nowrap">
                  {file.previewable && (
                    <Button
                      variant="link"
                      size="sm"
                      aria-label={`Preview ${file.file_name}`}
                      onClick={() => setPreview(file)}
                    >
                      <Eye aria-hidden />
                    </Button>
                  )}
                  <a
                    className="btn btn-link btn-sm"
                    href={file.download_url}
                    download
                    aria-label={`Download ${file.file_name}`}
                  >
                    <Download aria-hidden />
                  </a>
                  {file.can_delete && (
                    <Button
                      variant="link"
                      size="sm"
                      className="text-danger"
                      aria-label={`Delete ${file.file_name}`}
                      onClick={() => setToDelete({ kind: 'file', id: file.file_id, name: file.file_name })}
                    >
                      <Trash aria-hidden />
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmModal
        show={toDelete !== null}
        title={toDelete?.kind === 'folder' ? 'Delete Folder' : 'Delete File'}
        text={`Are you sure you want to delete ${toDelete?.name ?? ''}?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
    </>
  );
}
