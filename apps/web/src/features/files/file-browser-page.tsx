import { useState } from 'react';
import Breadcrumb from 'react-bootstrap/Breadcrumb';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import FolderPlus from 'react-bootstrap-icons/dist/icons/folder-plus';
import Folder2 from 'react-bootstrap-icons/dist/icons/folder2';
import Trash from 'react-bootstrap-icons/dist/icons/trash';
import Upload from 'react-bootstrap-icons/dist/icons/upload';
import { Link, useParams, useSearchParams } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { ShowMoreButton } from '../../components/show-more-button';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { AddFolderModal } from './add-folder-modal';
import { EntryTable } from './entry-table';
import { FileSearch } from './file-search';
import { useFolderContents, useServiceContents, useServicesOfClient } from './files-api';
import { TrashView } from './trash-view';
import { UploadFilesModal } from './upload-files-modal';
import { ZipDownloadButton } from './zip-download-button';

type FileBrowserPageProps = {
  clientId: number;
  /** Where this client's files start: `/{role}/client/file/{id}` for staff, `/client/file` for the client. */
  basePath: string;
  /** Staff see whose files these are; a client's own files need no name. */
  clientName?: string;
};

/** The one file browser (spec client/file routes): service tiles, then folders and files, with a breadcrumb. */
export function FileBrowserPage({ clientId, basePath, clientName }: FileBrowserPageProps) {
  const params = useParams();
  const serviceId = params.service_id ? Number(params.service_id) : null;
  const folderId = params.folder_id ? Number(params.folder_id) : null;
  // The service's trash is a view of its top level (`?view=trash`), so the breadcrumb and Back lead out of it.
  const inTrash = useSearchParams()[0].get('view') === 'trash' && serviceId !== null && folderId === null;
  const services = useServicesOfClient(clientId);
  const service = services.data?.find((entry) => entry.service_id === serviceId);
  useDocumentTitle(service?.service_name, clientName, 'Files');

  return (
    <section className="d-grid gap-3">
      <h1 className="h4 mb-0">{clientName ? `Files of ${clientName}` : 'Files'}</h1>
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
            inTrash={inTrash}
          />
        )}
      </Breadcrumb>
      <FileSearch
        clientId={clientId}
        basePath={basePath}
        label={clientName ? "Search this client's files" : 'Search your files'}
      />
      {serviceId === null ? (
        <ServiceTiles basePath={basePath} services={services} />
      ) : inTrash ? (
        <TrashView clientId={clientId} serviceId={serviceId} />
      ) : (
        <ContentsView basePath={basePath} clientId={clientId} serviceId={serviceId} folderId={folderId} />
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
  inTrash: boolean;
}) {
  const contents = useFolderContents(props.clientId, props.serviceId, props.folderId ?? 0, props.folderId !== null);
  const path = props.folderId === null ? [] : (contents.data?.path ?? []);
  return (
    <>
      <Breadcrumb.Item
        linkAs={Link}
        linkProps={{ to: `${props.basePath}/${props.serviceId}` }}
        active={props.folderId === null && !props.inTrash}
      >
        {props.serviceName}
      </Breadcrumb.Item>
      {props.inTrash && <Breadcrumb.Item active>Trash</Breadcrumb.Item>}
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
  if (services.isError) return <FailureAlert of={services} />;
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

type ContentsProps = {
  basePath: string;
  clientId: number;
  serviceId: number;
  /** null: the service's top level. */
  folderId: number | null;
};

/** One level of a service: its folders and files, with Add Folder and Add File. */
function ContentsView({ basePath, clientId, serviceId, folderId }: ContentsProps) {
  const top = useServiceContents(clientId, serviceId, folderId === null);
  const inner = useFolderContents(clientId, serviceId, folderId ?? 0, folderId !== null);
  const contents = folderId === null ? top : inner;
  const [adding, setAdding] = useState(false);
  const [uploading, setUploading] = useState(false);
  // Whoever uploads into another's files says whether that client may delete them.
  const ownFiles = useSession()?.user.id === clientId;
  if (contents.isError) return <FailureAlert of={contents} />;
  const heading = folderId === null ? 'Folders and files' : (inner.data?.folder?.folder_name ?? 'Folder');
  const reload = async () => (await contents.refetch()).data?.files ?? [];
  return (
    <Card>
      <Card.Header className="bg-white d-flex justify-content-between align-items-center gap-2 flex-wrap">
        <h2 className="h5 mb-0">{heading}</h2>
        <div className="d-flex gap-2 flex-wrap">
          {folderId === null && (
            <Link to="?view=trash" className="btn btn-sm btn-outline-secondary">
              <Trash aria-hidden className="me-1" />
              Trash
            </Link>
          )}
          <ZipDownloadButton zip={contents.data?.zip} refresh={async () => (await contents.refetch()).data?.zip} />
          {contents.data?.permissions.upload && (
            <>
              <Button size="sm" variant="outline-primary" onClick={() => setAdding(true)}>
                <FolderPlus aria-hidden className="me-1" />
                Add Folder
              </Button>
              <Button size="sm" onClick={() => setUploading(true)}>
                <Upload aria-hidden className="me-1" />
                Add File
              </Button>
            </>
          )}
        </div>
      </Card.Header>
      <Card.Body>
        {contents.data?.firmOnlyHere && (
          <p className="alert alert-secondary py-2" role="note">
            This folder is firm-only: the client sees neither it nor anything in it.
          </p>
        )}
        <EntryTable
          basePath={basePath}
          clientId={clientId}
          serviceId={serviceId}
          folders={contents.data?.folders ?? []}
          files={contents.data?.files ?? []}
          loading={contents.isPending}
          emptyText={folderId === null ? 'No folders or files yet.' : 'This folder is empty.'}
          reload={reload}
        />
        <ShowMoreButton
          pages={contents}
          label="Load more files"
          spinnerLabel="Loading more files"
          wrapperClassName="text-center mt-3"
        />
      </Card.Body>
      <AddFolderModal
        show={adding}
        target={{ clientId, serviceId, parentId: folderId }}
        chooseVisibility={contents.data?.permissions.visibility ?? false}
        onClose={() => setAdding(false)}
      />
      <UploadFilesModal
        show={uploading}
        target={{ clientId, serviceId, folderId }}
        askCanDelete={!ownFiles}
        chooseVisibility={contents.data?.permissions.visibility ?? false}
        onClose={() => setUploading(false)}
      />
    </Card>
  );
}
