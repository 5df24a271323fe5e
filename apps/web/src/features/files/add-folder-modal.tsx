import { folderNameSchema } from '@portal/contract/files';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import { FormModal } from '../../components/form-modal';
import { LabelledField } from '../../components/labelled-field';
import { useContractForm } from '../../components/use-contract-form';
import { useFreshFormOnOpen } from '../../components/use-fresh-form-on-open';
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
  const { register, submit, reset, feedback, errors, isSubmitting } = useContractForm<FolderForm>({
    schema: formSchema,
    defaultValues: { folder_name: '' },
    listFieldErrors: false,
    showSuccess: false,
  });
  useFreshFormOnOpen(show, { reset, feedback }, { folder_name: '' });

  const onSubmit = submit(
    ({ folder_name }) =>
      create.mutateAsync({
        folder_name,
        client_id: target.clientId,
        service_id: target.serviceId,
        folder_id: target.parentId ?? undefined,
      }),
    () => onClose(),
  );

  return (
    <FormModal
      show={show}
      onClose={onClose}
      titleId="add-folder-title"
      title="Add Folder"
      onSubmit={onSubmit}
      submitLabel="Save"
      busy={isSubmitting}
    >
      {feedback.alerts}
      <LabelledField controlId="folder-name" label="Folder name" error={errors.folder_name?.message}>
        <Form.Control placeholder="Please enter folder name" autoFocus {...register('folder_name')} />
      </LabelledField>
    </FormModal>
  );
}
