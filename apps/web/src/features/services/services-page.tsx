import type { Service } from '@portal/contract/services';
import { useCallback, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import PencilSquare from 'react-bootstrap-icons/dist/icons/pencil-square';
import PlusLg from 'react-bootstrap-icons/dist/icons/plus-lg';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { FailureAlert } from '../../components/failure-alert';
import { IconAction } from '../../components/icon-action';
import { Pager } from '../../components/pager';
import { useSuccessNotice } from '../../components/success-notice';
import { useDocumentTitle } from '../../lib/document-title';
import { ServiceFormModal } from './service-form-modal';
import { useServicesPage } from './services-api';

/** Admin: the services catalogue, paged, with one modal to add and edit. */
export function ServicesPage() {
  useDocumentTitle('Services');
  const [page, setPage] = useState(1);
  const [modal, setModal] = useState<{ show: boolean; service: Service | null }>({ show: false, service: null });
  const { alert: noticeAlert, show: setNotice } = useSuccessNotice();
  const services = useServicesPage(page);
  const closeModal = useCallback(() => setModal((current) => ({ ...current, show: false })), []);

  const onSaved = (message: string) => {
    setModal({ show: false, service: null });
    setNotice(message);
  };

  const firstNumber = (page - 1) * (services.data?.per_page ?? 10);

  return (
    <section>
      {noticeAlert}
      <Card>
        <Card.Header className="d-flex align-items-center justify-content-between bg-white">
          <h1 className="h5 mb-0">Services</h1>
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <Link to="/admin/checklists">Checklists</Link>
            <Button size="sm" onClick={() => setModal({ show: true, service: null })}>
              <PlusLg aria-hidden className="me-1" />
              Add Service
            </Button>
          </div>
        </Card.Header>
        <Card.Body>
          <FailureAlert of={services} />
          <DataTable
            columns={[
              { header: '#', className: 'col-number', cell: (_service, index) => firstNumber + index + 1 },
              { header: 'Service Name', cell: (service) => service.service_name },
              {
                header: 'Action',
                className: 'text-end col-action',
                cellClassName: 'text-end',
                cell: (service) => (
                  <IconAction
                    label={`Edit ${service.service_name}`}
                    icon={<PencilSquare aria-hidden />}
                    onClick={() => setModal({ show: true, service })}
                  />
                ),
              },
            ]}
            rows={services.data?.data}
            loading={services.isPending}
            loadingLabel="Loading services"
            rowKey={(service) => service.service_id}
          />
          <Pager page={page} lastPage={services.data?.last_page ?? 1} onChange={setPage} label="Services pages" />
        </Card.Body>
      </Card>
      <ServiceFormModal show={modal.show} service={modal.service} onClose={closeModal} onSaved={onSaved} />
    </section>
  );
}
