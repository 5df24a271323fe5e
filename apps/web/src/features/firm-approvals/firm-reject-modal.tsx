import { type FirmRejectInput, firmRejectSchema, type PendingFirm } from '@portal/contract/firm-approvals';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { useContractForm } from '../../components/use-contract-form';
import { useDecideFirm } from './firm-approvals-api';

type FirmRejectModalProps = { firm: PendingFirm | null; onClose: () => void; onDone: (message: string) => void };

/** Rejecting a firm: the reason is required, since it is mailed to the firm's owner. */
export function FirmRejectModal({ firm, onClose, onDone }: FirmRejectModalProps) {
  const decide = useDecideFirm();
  const {
    register,
    handleSubmit,
    reset,
    feedback,
    formState: { errors },
  } = useContractForm<FirmRejectInput>({
    schema: firmRejectSchema,
    defaultValues: { reason: '' },
    listFieldErrors: false,
    showSuccess: false,
  });
  const { clear } = feedback;

  useEffect(() => {
    if (!firm) return;
    reset({ reason: '' });
    clear();
  }, [firm, reset, clear]);

  const onSubmit = handleSubmit(async (input) => {
    if (!firm) return;
    const result = await feedback.save(() => decide.mutateAsync({ id: firm.id, kind: 'reject', ...input }));
    if (result) onDone(result.message);
  });

  return (
    <Modal show={firm !== null} onHide={onClose} aria-labelledby="firm-reject-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="firm-reject-title">
            Reject {firm?.name}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {feedback.alerts}
          <p>The account is closed and its owner is mailed the reason below.</p>
          <Form.Group controlId="firm-reject-reason">
            <Form.Label>Reason</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              {...invalidAttributes('firm-reject-reason', errors.reason?.message)}
              {...register('reason')}
            />
            <FieldError controlId="firm-reject-reason" error={errors.reason?.message} />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={decide.isPending}>
            {decide.isPending && <Spinner animation="border" size="sm" className="me-2" aria-label="Working" />}
            Reject
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
