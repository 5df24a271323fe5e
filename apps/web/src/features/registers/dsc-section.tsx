import { indianDateOf } from '@portal/contract/plain-dates';
import { DSC_CLASS_LABELS, type DscCertificate } from '@portal/contract/registers';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Trash from 'react-bootstrap-icons/dist/icons/trash';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { TitledCard } from '../../components/titled-card';
import { CustodyModal } from './custody-modal';
import { DscAddModal } from './dsc-add-modal';
import { DSC_STATE_COLUMNS } from './dsc-badges';
import { useClientCertificates, useRemoveCertificate } from './registers-api';

type DscSectionProps = {
  clientId: number;
  /** Whether the viewer may add certificates (staff; the rows' permissions decide the rest). */
  canAdd: boolean;
};

/** A client's digital signature certificates on its detail page: list, add, custody in and out, remove. */
export function DscSection({ clientId, canAdd }: DscSectionProps) {
  const certificates = useClientCertificates(clientId);
  const remove = useRemoveCertificate();
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState<DscCertificate | null>(null);
  const [toRemove, setToRemove] = useState<DscCertificate | null>(null);
  const manages = (certificates.data ?? []).some((dsc) => dsc.permissions.manage);

  return (
    <TitledCard title="Digital signature certificates" heading="h2">
      {canAdd && (
        <Button className="mb-3" onClick={() => setAdding(true)}>
          Add DSC
        </Button>
      )}
      <DataTable
        layout="rows"
        ariaLabel="Digital signature certificates"
        columns={[
          { header: 'Holder', cell: (dsc) => dsc.holder_name, title: true },
          { header: 'Class', cell: (dsc) => DSC_CLASS_LABELS[dsc.class] },
          { header: 'Issued by', cell: (dsc) => dsc.issued_by },
          ...DSC_STATE_COLUMNS,
          manages && {
            header: 'Action',
            className: 'text-end',
            cellClassName: 'text-end text-nowrap',
            cell: (dsc) =>
              dsc.permissions.manage && (
                <>
                  <Button size="sm" variant="outline-primary" className="me-2" onClick={() => setMoving(dsc)}>
                    {dsc.custody === 'firm' ? 'Custody out' : 'Custody in'}
                    <span className="visually-hidden">: {dsc.holder_name}</span>
                  </Button>
                  <IconAction
                    label={`Remove ${dsc.holder_name}'s DSC`}
                    icon={<Trash aria-hidden />}
                    danger
                    onClick={() => setToRemove(dsc)}
                  />
                </>
              ),
          },
        ]}
        rows={certificates.data}
        loading={certificates.isPending}
        loadingLabel="Loading certificates"
      />
      {canAdd && <DscAddModal clientId={clientId} show={adding} onClose={() => setAdding(false)} />}
      <CustodyModal dsc={moving} today={indianDateOf(new Date())} onClose={() => setMoving(null)} />
      <ConfirmModal
        show={toRemove !== null}
        title="Remove DSC"
        text={`Remove ${toRemove?.holder_name ?? ''}'s certificate and its custody record?`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={async () => {
          if (toRemove) await remove.mutateAsync(toRemove.id).catch(() => undefined);
          setToRemove(null);
        }}
      />
    </TitledCard>
  );
}
