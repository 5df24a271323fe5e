import type { ServiceOption } from '@portal/contract/services';
import Badge from 'react-bootstrap/Badge';
import Col from 'react-bootstrap/Col';
import { RequiredMark } from '../../components/required-mark';
import { SearchChecklist } from '../../components/search-checklist';

type ServiceChecklistProps = {
  services: ServiceOption[];
  /** The ids chosen now (form state), as text. */
  chosen: string[];
  onChange: (chosen: string[]) => void;
  error?: string;
  required?: boolean;
};

/**
 * Nature of service as a list of checkboxes with a search box, drawn from the form's value: the user's
 * current services show as ticked whenever the options arrive, and ticking one adds it without
 * replacing the others (a multiple select did both wrong).
 */
export function ServiceChecklist({ services, chosen, onChange, error, required }: ServiceChecklistProps) {
  const chosenLabels = services.filter((service) => chosen.includes(String(service.value)));
  return (
    <Col md={12}>
      <SearchChecklist
        legend={
          <>
            Nature of service
            {required && <RequiredMark />}
          </>
        }
        summary={
          <div className="d-flex flex-wrap gap-1 mb-2" aria-live="polite">
            {chosenLabels.length === 0 ? (
              <span className="text-muted small">No service chosen</span>
            ) : (
              chosenLabels.map((service) => (
                <Badge key={service.value} bg="primary" className="fw-normal">
                  {service.label}
                </Badge>
              ))
            )}
          </div>
        }
        options={services.map((service) => ({ value: String(service.value), label: service.label }))}
        chosen={chosen}
        onChange={onChange}
        search={services.length > 6 ? { placeholder: 'Search services', label: 'Search services' } : null}
        boxClassName="service-checklist"
        error={error}
      />
    </Col>
  );
}
