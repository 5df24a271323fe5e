import { type RetentionClass, SERVICE_RECORD_CLASSES, type ServiceRecordClass } from '@portal/contract/retention';
import Form from 'react-bootstrap/Form';
import { DataTable } from '../../components/data-table';
import { useFormFeedback } from '../../components/form-feedback';
import { SectionCard } from '../../components/section-card';
import { useSaveServiceClass, useServiceClasses } from './retention-api';

/** The admin puts each service's records in a class of the schedule (new services start by their name). */
export function ServiceClasses({ schedule }: { schedule: RetentionClass[] }) {
  const services = useServiceClasses(true);
  const save = useSaveServiceClass();
  const feedback = useFormFeedback(() => undefined);
  const labelOf = (key: ServiceRecordClass) => schedule.find((row) => row.key === key)?.label ?? key;
  const change = (id: number, record_class: ServiceRecordClass) =>
    void feedback.save(() => save.mutateAsync({ id, record_class }));
  return (
    <SectionCard id="service-classes-title" title="Which class each service's records are kept under" size="h6">
      <div className="p-3 pb-0">{feedback.alerts}</div>
      <DataTable
        columns={[
          { header: 'Service', cellClassName: 'text-break', cell: (row) => row.service_name },
          {
            header: 'Record class',
            cell: (row) => (
              <Form.Select
                aria-label={`Record class of ${row.service_name}`}
                value={row.record_class}
                disabled={save.isPending}
                onChange={(event) => change(row.id, event.target.value as ServiceRecordClass)}
              >
                {SERVICE_RECORD_CLASSES.map((key) => (
                  <option key={key} value={key}>
                    {labelOf(key)}
                  </option>
                ))}
              </Form.Select>
            ),
          },
        ]}
        rows={services.data}
        loading={services.isPending}
        loadingLabel="Loading services"
        layout="rows"
        emptyText="No services yet."
      />
      <p className="small text-muted px-3">A choice is saved as it is made; erasures already done keep their days.</p>
    </SectionCard>
  );
}
