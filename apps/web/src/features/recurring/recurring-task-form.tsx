import {
  RECURRING_CADENCE_LABELS,
  RECURRING_CADENCES,
  type RecurringTaskCreateInput,
  recurringTaskCreateSchema,
} from '@portal/contract/recurring';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { bindFormFields } from '../../components/form-fields';
import { OptionsSelect } from '../../components/options-select';
import { toLabelledOptions } from '../../components/select-options';
import { ServiceSelect } from '../../components/service-select';
import { useContractForm } from '../../components/use-contract-form';
import { useAddRecurringTask, useClientServiceChoices } from './recurring-api';

/** What the form holds: selects and number boxes hold text until `toBody` turns them into the request. */
type TaskValues = Record<keyof Omit<RecurringTaskCreateInput, 'client_id'>, string>;

const emptyTask = (): TaskValues => ({
  service_id: '',
  title: '',
  cadence: 'monthly',
  due_day: '10',
  months_after: '1',
  starts_month: '',
  ends_month: '',
});

const MONTH_INPUT = { type: 'month', placeholder: 'yyyy-mm' } as const;
/** The schedule's boxes, in a row of their own: when each period's item falls due, and the months it covers. */
const SCHEDULE_FIELDS = [
  { name: 'due_day', label: 'Due day', input: { type: 'number', min: 1, max: 31 } },
  { name: 'months_after', label: 'Months after the period', input: { type: 'number', min: 0, max: 12 } },
  { name: 'starts_month', label: 'From month', input: MONTH_INPUT },
  { name: 'ends_month', label: 'Until month (optional)', input: MONTH_INPUT },
] as const;

const numberOrText = (value: string) => (value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value);

/** The MPC's form to add a recurring task to one of the client's services (contract schema, as the server). */
export function RecurringTaskForm({ clientId }: { clientId: number }) {
  const services = useClientServiceChoices(clientId, true);
  const add = useAddRecurringTask(clientId);
  const { register, submit, reset, feedback, errors, isSubmitting } = useContractForm<
    TaskValues,
    RecurringTaskCreateInput
  >({
    schema: recurringTaskCreateSchema,
    defaultValues: emptyTask(),
    toBody: (values) => ({
      client_id: clientId,
      service_id: numberOrText(values.service_id),
      title: values.title,
      cadence: values.cadence,
      due_day: numberOrText(values.due_day),
      months_after: numberOrText(values.months_after),
      starts_month: values.starts_month,
      ...(values.ends_month ? { ends_month: values.ends_month } : {}),
    }),
  });
  const onSubmit = submit(
    (input) => add.mutateAsync(input),
    () => reset(emptyTask()),
  );

  const field = bindFormFields(errors, 'recurring');
  return (
    <Form noValidate onSubmit={onSubmit} className="mb-3" aria-label="Add recurring task">
      {feedback.alerts}
      <Row className="g-2 align-items-start">
        <Col md={4}>
          {field('title', 'Task', <Form.Control {...register('title')} placeholder="Monthly bookkeeping" />)}
        </Col>
        <Col md={4}>
          {field('service_id', 'Service', <ServiceSelect services={services.data} {...register('service_id')} />)}
        </Col>
        <Col md={4}>
          {field(
            'cadence',
            'Cadence',
            <OptionsSelect
              {...register('cadence')}
              options={toLabelledOptions(RECURRING_CADENCES, RECURRING_CADENCE_LABELS)}
            />,
          )}
        </Col>
        {SCHEDULE_FIELDS.map(({ name, label, input }) => (
          <Col sm={6} md={3} key={name}>
            {field(name, label, <Form.Control {...input} {...register(name)} />)}
          </Col>
        ))}
      </Row>
      <Button type="submit" className="mt-2" disabled={isSubmitting}>
        {isSubmitting ? <Spinner animation="border" size="sm" aria-label="Adding" /> : 'Add recurring task'}
      </Button>
    </Form>
  );
}
