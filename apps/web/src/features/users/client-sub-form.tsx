import {
  CLIENT_TEMPLATES,
  MAX_PARTNERS,
  MSEM_FIELDS,
  REGISTRATION_12AA_FIELDS,
  TEMPLATE_HEADINGS,
  type TemplateField,
} from '@portal/contract/client-templates';
import type { ClientTemplate } from '@portal/contract/common';
import type { DocumentType } from '@portal/contract/documents';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { messageAt, SubFormField, type SubFormPath, subFieldName } from './sub-form-field';
import { SubFormListing } from './sub-form-listing';
import { SubFormPartners } from './sub-form-partners';
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
  const name = subFieldName;
  const field = (entry: TemplateField, path: SubFormPath, md = 4) => (
    <SubFormField
      key={`sub-${path.join('-')}`}
      definition={entry}
      path={path}
      md={md}
      register={register}
      errors={errors}
      storedPasswordSet={storedPasswordSet}
    />
  );

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
        {definition.listing && <SubFormListing register={register} errors={errors} />}
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
            {partnerCount > 0 && <SubFormPartners count={partnerCount} register={register} errors={errors} />}
          </>
        )}
      </Row>
    </fieldset>
  );
}
