import { folderNameSchema } from '@portal/contract/files';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { z } from 'zod';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { useContractForm } from '../../components/use-contract-form';
import { useCreateFolder } from './files-api';

const formSchema = z.object({ folder_name: folderNameSchema });
type FolderForm = z.input<typeof formSchema>;

type AddFolderModalProps = {
  show: boolean;
  target: { clientId: number; serviceId: number; parentId: number | null };
  onClose: () => void;
};

/** Add Folder (spec: "Please enter folder name"); a refusal stays in the dialog with its reason. */
export function AddFolderModal({ show, target, onClose }: AddFolderModalProps) {
  const create = useCreateFolder(target.clientId);
  const {
    register,
    handleSubmit,
    reset,
    feedback,
    formState: { errors, isSubmitting },
  } = useContractForm<FolderForm>({
    schema: formSchema,
    defaultValues: { folder_name: '' },
    listFieldErrors: false,
    showSuccess: false,
  });
  const { clear } = feedback;

  useEffect(() => {
    if (show) {
      reset({ folder_name: '' });
      clear();
    }
  }, [show, reset, clear]);

  const onSubmit = handleSubmit(async ({ folder_name }) => {
    const saved = await feedback.save(() =>
      create.mutateAsync({
        folder_name,
        client_id: target.clientId,
        service_id: target.serviceId,
        folder_id: target.parentId ?? undefined,
      }),
    );
    if (saved) onClose();
  });

  return (
    <Modal show={show} onHide={onClose} aria-labelledby="add-folder-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="add-folder-title">
            Add Folder
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {feedback.alerts}
          <Form.Group controlId="folder-name">
            <Form.Label>Folder name</Form.Label>
            <Form.Control
              placeholder="Please enter folder name"
              {...invalidAttributes('folder-name', errors.folder_name?.message)}
              autoFocus
              {...register('folder_name')}
            />
            <FieldError controlId="folder-name" error={errors.folder_name?.message} />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Spinner animation="border" size="sm" className="me-2" aria-label="Saving" />}
            Save
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
