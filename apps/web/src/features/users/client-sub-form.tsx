import {
  CLEAR_PASSWORD_KEY,
  CLIENT_TEMPLATES,
  LISTING_EXCHANGES,
  MAX_PARTNERS,
  MSEM_FIELDS,
  MSME_TYPES,
  PARTNER_FIELDS,
  REGISTRATION_12AA_FIELDS,
  SEX_OPTIONS,
  TEMPLATE_HEADINGS,
  type TemplateField,
} from '@portal/contract/client-templates';
import type { ClientTemplate } from '@portal/contract/common';
import { DATE_PLACEHOLDER } from '@portal/contract/dates';
import type { DocumentType } from '@portal/contract/documents';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
import { FieldError, invalidAttributes } from '../../components/field-error';
import type { UserFormValues } from './user-form-values';

type ClientSubFormProps = {
  template: ClientTemplate;
  register: UseFormRegister<UserFormValues>;
  watch: UseFormWatch<UserFormValues>;
  errors: FieldErrors<UserFormValues>;
  /** Renders the file input of a sub-form document (MSME document, 12AA document). */
  renderDocument: (type: DocumentType) => React.ReactNode;
  /** Drops partner rows beyond a new, smaller number. */
  onPartnerCountChange: (count: number) => void;
  /** The user already has a stored sub-form password: it is write-only, so the form offers to replace or clear it. */
  storedPasswordSet?: boolean;
};

type Path = (string | number)[];

// Dates are typed as people in India write them, whatever the browser's locale (no native date picker,
// which shows the locale's order); the contract reads dd/mm/yyyy and keeps ISO.
const PLACEHOLDERS: Partial<Record<TemplateField['kind'], string>> = {
  date: DATE_PLACEHOLDER,
  pastDate: DATE_PLACEHOLDER,
  taxYear: '2022-2023',
  cin: 'U74999MH2015PTC123456',
  llpin: 'AAB-1234',
};
const NUMERIC_KINDS = new Set<TemplateField['kind']>(['aadhaar', 'bankAccount', 'date', 'pastDate']);
const UPPERCASE_KINDS = new Set<TemplateField['kind']>(['pan', 'ifsc', 'cin', 'llpin']);

function messageAt(errors: FieldErrors<UserFormValues>, path: Path): string | undefined {
  let node: unknown = errors.additional_data;
  for (const key of path) node = (node as Record<string | number, unknown> | undefined)?.[key];
  return (node as { message?: string } | undefined)?.message;
}

/** The sub-form of a client status's template, drawn from the contract's definitions. */
export function ClientSubForm({
  template,
  register,
  watch,
  errors,
  renderDocument,
  onPartnerCountChange,
  storedPasswordSet = false,
}: ClientSubFormProps) {
  const definition = CLIENT_TEMPLATES[template];
  const name = (path: Path) => ['additional_data', ...path].join('.') as never;
  const field = (definition: TemplateField, path: Path, md = 4) => {
    const error = messageAt(errors, path);
    const id = `sub-${path.join('-')}`;
    const options = definition.kind === 'sex' ? SEX_OPTIONS : definition.kind === 'msmeType' ? MSME_TYPES : null;
    return (
      <Col md={md} key={id}>
        <Form.Group controlId={id}>
          <Form.Label>
            {definition.label}
            {definition.required && (
              <span className="text-danger" aria-hidden>
                {' '}
                *
              </span>
            )}
          </Form.Label>
          {options ? (
            <Form.Select {...invalidAttributes(id, error)} {...register(name(path))}>
              <option value="">Select</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Form.Select>
          ) : (
            <Form.Control
              type={definition.kind === 'password' ? 'password' : 'text'}
              placeholder={PLACEHOLDERS[definition.kind]}
              autoComplete={definition.kind === 'password' ? 'new-password' : 'off'}
              // A phone shows digits for numbers (and dates) that are only digits.
              inputMode={NUMERIC_KINDS.has(definition.kind) ? 'numeric' : undefined}
              className={UPPERCASE_KINDS.has(definition.kind) ? 'text-uppercase' : undefined}
              {...invalidAttributes(id, error)}
              {...register(name(path))}
            />
          )}
          <FieldError controlId={id} error={error} />
          {definition.key === 'password' && storedPasswordSet && (
            <>
              <Form.Text id="sub-password-help">A password is stored. Leave this blank to keep it.</Form.Text>
              <Form.Check
                id="sub-clear_password"
                className="mt-1"
                label="Clear the stored password"
                {...register(name([CLEAR_PASSWORD_KEY]))}
              />
            </>
          )}
        </Form.Group>
      </Col>
    );
  };

  const msem = watch(name(['msem'])) as unknown as string | undefined;
  const partnerCount = Math.min(
    MAX_PARTNERS,
    Math.max(0, Math.floor(Number(watch(name(['number_of_partners']))) || 0)),
  );

  return (
    <fieldset className="border rounded p-3">
      <legend className="float-none w-auto px-2 fs-6 mb-0">{TEMPLATE_HEADINGS[template]}</legend>
      <Row className="g-3">
        {definition.fields.map((entry) => field(entry, [entry.key]))}
        {definition.listing && (
          <Col md={12}>
            <Table bordered size="sm" className="align-middle mb-0">
              <thead>
                <tr>
                  <th scope="col" />
                  {LISTING_EXCHANGES.map((exchange) => (
                    <th scope="col" key={exchange.key}>
                      {exchange.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">Listed at</th>
                  {LISTING_EXCHANGES.map((exchange) => (
                    <td key={exchange.key}>
                      <Form.Select
                        aria-label={`Listed at ${exchange.label}`}
                        {...register(name([`listed_at_${exchange.key}`]))}
                      >
                        <option value="no">No</option>
                        <option value="yes">Yes</option>
                      </Form.Select>
                    </td>
                  ))}
                </tr>
                <tr>
                  <th scope="row">Listed since</th>
                  {LISTING_EXCHANGES.map((exchange) => {
                    const error = messageAt(errors, [`listed_since_${exchange.key}`]);
                    return (
                      <td key={exchange.key}>
                        <Form.Control
                          id={`sub-listed_since_${exchange.key}`}
                          placeholder={DATE_PLACEHOLDER}
                          inputMode="numeric"
                          aria-label={`Listed since at ${exchange.label}`}
                          {...invalidAttributes(`sub-listed_since_${exchange.key}`, error)}
                          {...register(name([`listed_since_${exchange.key}`]))}
                        />
                        <FieldError controlId={`sub-listed_since_${exchange.key}`} error={error} />
                      </td>
                    );
                  })}
                </tr>
              </tbody>
            </Table>
          </Col>
        )}
        {definition.registration12aa && (
          <>
            <Col md={12}>
              <h3 className="h6 mb-0">12AA registration</h3>
            </Col>
            {REGISTRATION_12AA_FIELDS.map((entry) => field(entry, [entry.key], 3))}
            <Col md={6}>{renderDocument('registration_12aa_document')}</Col>
          </>
        )}
        {definition.msem && (
          <>
            <Col md={4}>
              <Form.Group controlId="sub-msem">
                <Form.Label>MSME registered?</Form.Label>
                <Form.Select
                  {...invalidAttributes('sub-msem', messageAt(errors, ['msem']))}
                  {...register(name(['msem']))}
                >
                  <option value="">Select</option>
                  <option value="yes">Yes</option>
                  <option value="no">No</option>
                </Form.Select>
                <FieldError controlId="sub-msem" error={messageAt(errors, ['msem'])} />
              </Form.Group>
            </Col>
            {msem === 'yes' && (
              <>
                {MSEM_FIELDS.map((entry) => field(entry, [entry.key]))}
                <Col md={6}>{renderDocument('msme_document')}</Col>
              </>
            )}
          </>
        )}
        {definition.partners && (
          <>
            <Col md={4}>
              <Form.Group controlId="sub-number_of_partners">
                <Form.Label>Number of partners</Form.Label>
                <Form.Control
                  type="number"
                  min={1}
                  max={MAX_PARTNERS}
                  {...invalidAttributes('sub-number_of_partners', messageAt(errors, ['number_of_partners']))}
                  {...register(name(['number_of_partners']), {
                    onChange: (event: { target: { value: string } }) =>
                      onPartnerCountChange(Number(event.target.value) || 0),
                  })}
                />
                <FieldError controlId="sub-number_of_partners" error={messageAt(errors, ['number_of_partners'])} />
              </Form.Group>
            </Col>
            {partnerCount > 0 && (
              <Col md={12} className="table-responsive">
                <Table bordered size="sm" className="align-middle mb-0 partner-table">
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      {PARTNER_FIELDS.map((entry) => (
                        <th scope="col" key={entry.key}>
                          {entry.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {Array.from({ length: partnerCount }, (_, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: partner rows are positions in the table
                      <tr key={index}>
                        <td>{index + 1}</td>
                        {PARTNER_FIELDS.map((entry) => {
                          const path = ['partners', index, entry.key];
                          const error = messageAt(errors, path);
                          const label = `Partner ${index + 1} ${entry.label}`;
                          const cellId = `sub-partners-${index}-${entry.key}`;
                          return (
                            <td key={entry.key}>
                              {entry.kind === 'sex' ? (
                                <Form.Select
                                  id={cellId}
                                  aria-label={label}
                                  {...invalidAttributes(cellId, error)}
                                  {...register(name(path))}
                                >
                                  <option value="">Select</option>
                                  {SEX_OPTIONS.map((option) => (
                                    <option key={option.value} value={option.value}>
                                      {option.label}
                                    </option>
                                  ))}
                                </Form.Select>
                              ) : (
                                <Form.Control
                                  id={cellId}
                                  aria-label={label}
                                  placeholder={PLACEHOLDERS[entry.kind]}
                                  {...invalidAttributes(cellId, error)}
                                  {...register(name(path))}
                                />
                              )}
                              <FieldError controlId={cellId} error={error} />
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </Col>
            )}
          </>
        )}
      </Row>
    </fieldset>
  );
}
