import type { ServiceOption } from '@portal/contract/services';
import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';

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
  const [search, setSearch] = useState('');
  const groupId = useId();
  const query = search.trim().toLowerCase();
  const chosenLabels = services.filter((service) => chosen.includes(String(service.value)));
  return (
    <Col md={12}>
      <fieldset aria-describedby={error ? `${groupId}-error` : undefined}>
        <legend className="form-label fs-6 mb-1">
          Nature of service
          {required && (
            <span className="text-danger" aria-hidden>
              {' '}
              *
            </span>
          )}
        </legend>
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
        {services.length > 6 && (
          <Form.Control
            type="search"
            size="sm"
            className="mb-2"
            placeholder="Search services"
            aria-label="Search services"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        )}
        <div className={`border rounded p-2 service-checklist${error ? ' border-danger' : ''}`}>
          {services.map((service) => (
            <Form.Check
              key={service.value}
              id={`${groupId}-${service.value}`}
              className={query && !service.label.toLowerCase().includes(query) ? 'd-none' : undefined}
              type="checkbox"
              label={service.label}
              isInvalid={!!error}
              checked={chosen.includes(String(service.value))}
              onChange={(event) => {
                const id = String(service.value);
                onChange(event.target.checked ? [...chosen, id] : chosen.filter((entry) => entry !== id));
              }}
            />
          ))}
        </div>
        {error && (
          <div id={`${groupId}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        )}
      </fieldset>
    </Col>
  );
}
