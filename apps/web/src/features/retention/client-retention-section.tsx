import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useSearchParams } from 'react-router';
import { SectionCard } from '../../components/section-card';
import { formatDate } from '../../lib/format';
import { ErasureModal } from './erasure-modal';
import { LegalHoldModal } from './legal-hold-modal';
import { useLegalHold } from './retention-api';

type ClientRetentionProps = {
  clientId: number;
  clientName: string;
  /** The server's permissions for this client (`legal_hold`, `erase`): its firm's MPC. */
  canHold: boolean;
  canErase: boolean;
};

/**
 * A client's page, for its firm's MPC: its legal hold, and erasing its personal data. `?erase=<request>`
 * (the link on an erasure request's page) opens the erasure, answering that request.
 */
export function ClientRetentionSection({ clientId, clientName, canHold, canErase }: ClientRetentionProps) {
  const hold = useLegalHold(clientId);
  const [params, setParams] = useSearchParams();
  const fromRequest = Number(params.get('erase')) || null;
  const [holdMode, setHoldMode] = useState<'place' | 'release' | null>(null);
  const [erasing, setErasing] = useState(fromRequest !== null);
  const current = hold.data?.current ?? null;
  const closeErasure = () => {
    setErasing(false);
    if (fromRequest !== null) setParams({}, { replace: true });
  };
  return (
    <SectionCard id="client-retention-title" title="Data protection" size="h6" className="mb-3">
      <Card.Body>
        <p className="mb-2">
          {current
            ? `On legal hold since ${formatDate(current.placed_at)}${current.placed_by ? ` (${current.placed_by})` : ''}: ${current.reason}`
            : 'Not on legal hold.'}
        </p>
        <div className="d-flex flex-wrap gap-2">
          {canHold && (
            <Button variant="outline-secondary" size="sm" onClick={() => setHoldMode(current ? 'release' : 'place')}>
              {current ? 'Release the legal hold' : 'Put on legal hold'}
            </Button>
          )}
          {canErase && (
            <Button variant="outline-danger" size="sm" onClick={() => setErasing(true)}>
              Erase personal data
            </Button>
          )}
        </div>
      </Card.Body>
      {canHold && <LegalHoldModal clientId={clientId} mode={holdMode} onClose={() => setHoldMode(null)} />}
      {canErase && (
        <ErasureModal
          clientId={clientId}
          clientName={clientName}
          show={erasing}
          rightsRequestId={fromRequest}
          onClose={closeErasure}
        />
      )}
    </SectionCard>
  );
}
