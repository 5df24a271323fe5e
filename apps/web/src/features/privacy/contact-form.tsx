import {
  type DataProtectionContact,
  type DataProtectionContactInput,
  dataProtectionContactSchema,
} from '@portal/contract/privacy';
import { useEffect } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { BusyButton } from '../../components/busy-button';
import { LabelledField } from '../../components/labelled-field';
import { useContractForm } from '../../components/use-contract-form';
import { NOTICE_AUTO_CLOSE_MS } from '../../config/product';

const EMPTY: DataProtectionContactInput = { name: '', email: '', phone: '' };

type ContactFormProps = {
  /** The form's id prefix: the MPC's page and the admin's each hold one. */
  idPrefix: string;
  contact: DataProtectionContact | null | undefined;
  save: (input: DataProtectionContactInput) => Promise<{ message: string }>;
};

/** Whom to ask about the processing of personal data: a name, an email and a phone (DPDP Act s.8(9)). */
export function ContactForm({ idPrefix, contact, save }: ContactFormProps) {
  const { register, submit, reset, feedback, errors, isSubmitting } = useContractForm<DataProtectionContactInput>({
    schema: dataProtectionContactSchema,
    defaultValues: EMPTY,
    successAutoCloseMs: NOTICE_AUTO_CLOSE_MS,
  });
  useEffect(() => {
    if (contact) reset(contact);
  }, [contact, reset]);
  const fields = [
    { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  ] as const;
  return (
    <Form noValidate onSubmit={submit(save)} aria-label="Data protection contact">
      {feedback.alerts}
      <Row className="g-2">
        {fields.map((field) => (
          <Col md={4} key={field.name}>
            <LabelledField
              controlId={`${idPrefix}-${field.name}`}
              label={field.label}
              error={errors[field.name]?.message}
            >
              <Form.Control type={field.type} autoComplete={field.autoComplete} {...register(field.name)} />
            </LabelledField>
          </Col>
        ))}
      </Row>
      <BusyButton type="submit" className="mt-3" busy={isSubmitting} busyLabel="Saving">
        Save contact
      </BusyButton>
    </Form>
  );
}
