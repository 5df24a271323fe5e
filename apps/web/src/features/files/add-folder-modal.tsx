import { fileVisibilitySchema, folderNameSchema } from '@portal/contract/files';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import { FormModal } from '../../components/form-modal';
import { LabelledField } from '../../components/labelled-field';
import { useContractForm } from '../../components/use-contract-form';
import { useFreshFormOnOpen } from '../../components/use-fresh-form-on-open';
import { useCreateFolder } from './files-api';
import { VisibilityChoice } from './visibility-choice';

const formSchema = z.object({ folder_name: folderNameSchema, visibility: fileVisibilitySchema });
type FolderForm = z.input<typeof formSchema>;
const FRESH_FOLDER: FolderForm = { folder_name: '', visibility: 'shared' };

type AddFolderModalProps = {
  show: boolean;
  target: { clientId: number; serviceId: number; parentId: number | null };
  /** Staff choose who sees the folder; a client's folders are shared with it. */
  chooseVisibility: boolean;
  onClose: () => void;
};

/** Add Folder (spec: "Please enter folder name"); a refusal stays in the dialog with its reason. */
export function AddFolderModal({ show, target, chooseVisibility, onClose }: AddFolderModalProps) {
  const create = useCreateFolder(target.clientId);
  const { register, submit, reset, feedback, errors, isSubmitting } = useContractForm<FolderForm>({
    schema: formSchema,
    defaultValues: FRESH_FOLDER,
    listFieldErrors: false,
    showSuccess: false,
  });
  useFreshFormOnOpen(show, { reset, feedback }, FRESH_FOLDER);

  const onSubmit = submit(
    ({ folder_name, visibility }) =>
      create.mutateAsync({
        folder_name,
        ...(chooseVisibility ? { visibility } : {}),
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
      {chooseVisibility && <VisibilityChoice field={register('visibility')} idPrefix="folder" />}
    </FormModal>
  );
}
