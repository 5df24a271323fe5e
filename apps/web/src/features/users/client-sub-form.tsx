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
  type TemplateField,
} from '@portal/contract/client-templates';
import type { ClientTemplate } from '@portal/contract/common';
import type { DocumentType } from '@portal/contract/documents';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
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

function messageAt(errors: FieldErrors<UserFormValues>, path: Path): string | undefined {
  let node: unknown = errors.additional_data;
  for (const key of path) node = (node as Record<string | number, unknown> | undefined)?.[key];
  return (node as { message?: string } | undefined)?.message;
}

/** The sub-form of a client status's template (spec section 3), drawn from the contract's definitions. */
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
            <Form.Select isInvalid={!!error} {...register(name(path))}>
              <option value="">Select</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Form.Select>
          ) : (
            <Form.Control
              type={
                definition.kind === 'date' || definition.kind === 'pastDate'
                  ? 'date'
                  : definition.kind === 'password'
                    ? 'password'
                    : 'text'
              }
              placeholder={definition.kind === 'taxYear' ? '2022-2023' : undefined}
              autoComplete={definition.kind === 'password' ? 'new-password' : 'off'}
              // A phone shows digits for numbers that are only digits.
              inputMode={definition.kind === 'aadhaar' || definition.kind === 'bankAccount' ? 'numeric' : undefined}
              isInvalid={!!error}
              {...register(name(path))}
            />
          )}
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
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
      <legend className="float-none w-auto px-2 fs-6 mb-0">{template} details</legend>
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
                          type="date"
                          aria-label={`Listed since at ${exchange.label}`}
                          isInvalid={!!error}
                          {...register(name([`listed_since_${exchange.key}`]))}
                        />
                        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
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
                <Form.Select isInvalid={!!messageAt(errors, ['msem'])} {...register(name(['msem']))}>
                  <option value="">Select</option>
                  <option value="yes">Yes</option>
                  <option value="no">No</option>
                </Form.Select>
                <Form.Control.Feedback type="invalid">{messageAt(errors, ['msem'])}</Form.Control.Feedback>
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
                  isInvalid={!!messageAt(errors, ['number_of_partners'])}
                  {...register(name(['number_of_partners']), {
                    onChange: (event: { target: { value: string } }) =>
                      onPartnerCountChange(Number(event.target.value) || 0),
                  })}
                />
                <Form.Control.Feedback type="invalid">
                  {messageAt(errors, ['number_of_partners'])}
                </Form.Control.Feedback>
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
                          return (
                            <td key={entry.key}>
                              {entry.kind === 'sex' ? (
                                <Form.Select aria-label={label} isInvalid={!!error} {...register(name(path))}>
                                  <option value="">Select</option>
                                  {SEX_OPTIONS.map((option) => (
                                    <option key={option.value} value={option.value}>
                                      {option.label}
                                    </option>
                                  ))}
                                </Form.Select>
                              ) : (
                                <Form.Control
                                  aria-label={label}
                                  type={entry.kind === 'pastDate' ? 'date' : 'text'}
                                  isInvalid={!!error}
                                  {...register(name(path))}
                                />
                              )}
                              <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
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
