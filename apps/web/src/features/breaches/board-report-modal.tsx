import { type BreachBoardReportInput, breachBoardReportSchema } from '@portal/contract/breaches';
import { DATE_PLACEHOLDER, parseIndianDate } from '@portal/contract/plain-dates';
import Form from 'react-bootstrap/Form';
import { bindFormFields } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useContractForm } from '../../components/use-contract-form';
import { useReportToBoard } from './breaches-api';

type Values = { reported_on: string };

/** Marks the day the detailed report went to the Data Protection Board (rule 7(2)(b)). */
export function BoardReportModal({ breachId, onClose }: { breachId: number; onClose: () => void }) {
  const report = useReportToBoard(breachId);
  const form = useContractForm<Values, BreachBoardReportInput>({
    schema: breachBoardReportSchema,
    defaultValues: { reported_on: '' },
    toBody: (values) => ({ reported_on: parseIndianDate(values.reported_on) ?? values.reported_on }),
    dateFields: ['reported_on'],
  });
  const field = bindFormFields(form.errors, 'board');
  return (
    <FormModal
      show
      onClose={onClose}
      titleId="board-report-title"
      title="Reported to the Board"
      onSubmit={form.submit((body) => report.mutateAsync(body), onClose)}
      submitLabel="Save"
      busy={form.isSubmitting}
    >
      {form.feedback.alerts}
      <p>The day the detailed report of this breach went to the Data Protection Board.</p>
      {field(
        'reported_on',
        'Reported on',
        <Form.Control inputMode="numeric" placeholder={DATE_PLACEHOLDER} {...form.register('reported_on')} />,
      )}
    </FormModal>
  );
}
