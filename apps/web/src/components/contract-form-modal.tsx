import type { FieldValues } from 'react-hook-form';
import { FormModal, type FormModalProps } from './form-modal';
import type { ContractForm } from './use-contract-form';

type ContractFormModalProps<TValues extends FieldValues, TBody, TAnswer extends { message: string }> = Omit<
  FormModalProps,
  'onSubmit' | 'busy'
> & {
  form: ContractForm<TValues, TBody>;
  /** The values the form goes back to whenever the dialog closes, saved or not. */
  resetTo: TValues;
  send: (body: TBody) => Promise<TAnswer>;
  /** After a save, before the dialog closes (the answer's warnings, the entry it saved). */
  onSaved?: (answer: TAnswer) => void;
};

/**
 * A dialog that is one contract form: the form's alerts above its fields; closing, or a save, puts the
 * form back to `resetTo` and closes, so it opens fresh the next time.
 */
export function ContractFormModal<TValues extends FieldValues, TBody, TAnswer extends { message: string }>({
  form,
  resetTo,
  send,
  onSaved,
  onClose,
  children,
  ...modal
}: ContractFormModalProps<TValues, TBody, TAnswer>) {
  const close = () => {
    form.reset(resetTo);
    onClose();
  };
  const saved = (answer: TAnswer) => {
    onSaved?.(answer);
    close();
  };
  return (
    <FormModal {...modal} onClose={close} onSubmit={form.submit(send, saved)} busy={form.isSubmitting}>
      {form.feedback.alerts}
      {children}
    </FormModal>
  );
}
