import {
  type BillingProfile,
  type BillingProfileSave,
  billingProfileSchema,
  GST_REGISTRATION_LABELS,
  GST_REGISTRATIONS,
} from '@portal/contract/billing-profile';
import { INDIAN_STATES } from '@portal/contract/indian-states';
import { type ReactElement, useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { BusyButton } from '../../components/busy-button';
import { FailureAlert } from '../../components/failure-alert';
import { bindFormFields } from '../../components/form-fields';
import { OptionsSelect } from '../../components/options-select';
import { SectionCard } from '../../components/section-card';
import { type SelectOption, toLabelledOptions } from '../../components/select-options';
import { useContractForm } from '../../components/use-contract-form';
import { useDocumentTitle } from '../../lib/document-title';
import { useBillingProfile, useSaveBillingProfile } from './billing-api';

type TextField =
  | 'legal_name'
  | 'address'
  | 'state'
  | 'registration'
  | 'gstin'
  | 'pan'
  | 'invoice_prefix'
  | 'bank_name'
  | 'bank_account'
  | 'ifsc'
  | 'upi_vpa'
  | 'upi_payee'
  | 'terms'
  | 'signatory';
type ProfileValues = Record<TextField, string> & { e_invoicing: boolean; advocates: boolean; remove_account: boolean };

const STATE_OPTIONS = [
  { value: '', label: 'Choose…' },
  ...INDIAN_STATES.map((state) => ({ value: state, label: state })),
];
const REGISTRATION_OPTIONS = toLabelledOptions(GST_REGISTRATIONS, GST_REGISTRATION_LABELS);

function toValues(profile: BillingProfile | null): ProfileValues {
  return {
    legal_name: profile?.legal_name ?? '',
    address: profile?.address ?? '',
    state: profile?.state ?? '',
    registration: profile?.registration ?? 'regular',
    gstin: profile?.gstin ?? '',
    pan: profile?.pan ?? '',
    invoice_prefix: profile?.invoice_prefix ?? 'INV',
    bank_name: profile?.bank_name ?? '',
    bank_account: '',
    ifsc: profile?.ifsc ?? '',
    upi_vpa: profile?.upi_vpa ?? '',
    upi_payee: profile?.upi_payee ?? '',
    terms: profile?.terms ?? '',
    signatory: profile?.signatory ?? '',
    e_invoicing: profile?.e_invoicing ?? false,
    advocates: profile?.advocates ?? false,
    remove_account: false,
  };
}

/** An empty account keeps the stored one (shown masked), unless it is to go; empty codes are none. */
function toBody({ remove_account, bank_account, gstin, ifsc, ...values }: ProfileValues) {
  return {
    ...values,
    gstin: gstin.trim() === '' ? null : gstin,
    ifsc: ifsc.trim() === '' ? null : ifsc,
    ...(remove_account ? { bank_account: null } : bank_account.trim() === '' ? {} : { bank_account }),
  };
}

/** The firm's billing profile (the MPC's, under Billing > Settings): the supplier its invoices name. */
export function BillingProfileForm() {
  useDocumentTitle('Billing settings');
  const profile = useBillingProfile();
  const save = useSaveBillingProfile();
  const form = useContractForm<ProfileValues, BillingProfileSave>({
    schema: billingProfileSchema,
    defaultValues: toValues(null),
    toBody,
  });
  const { register, reset, feedback, errors } = form;
  useEffect(() => {
    // What was typed before the profile arrived stays (a fast typist loses nothing).
    if (profile.data !== undefined) reset(toValues(profile.data), { keepDirtyValues: true });
  }, [profile.data, reset]);
  // Once saved, the form shows what is stored: the account typed goes, its masked form stays below.
  const onSubmit = form.submit(
    (body) => save.mutateAsync(body),
    (saved) => reset(toValues(saved.data)),
  );

  const bound = bindFormFields(errors, 'billing');
  const field = (name: TextField, label: string, control: ReactElement<Record<string, unknown>>, hint?: string) =>
    bound(name, label, control, { hint });
  const text = (name: TextField, extra: object = {}) => <Form.Control {...extra} {...register(name)} />;
  const select = (name: TextField, options: SelectOption[]) => <OptionsSelect {...register(name)} options={options} />;
  const stored = profile.data?.bank_account_masked;

  return (
    <SectionCard id="billing-profile-title" title="Billing profile">
      <Card.Body>
        <FailureAlert of={profile} />
        {feedback.alerts}
        <Form noValidate onSubmit={onSubmit} aria-label="Billing profile">
          <Row className="g-3">
            <Col md={6}>{field('legal_name', 'Legal name', text('legal_name'))}</Col>
            <Col md={6}>{field('signatory', 'Signatory', text('signatory'), 'Who signs the invoices.')}</Col>
            <Col md={12}>{field('address', 'Address', text('address', { as: 'textarea', rows: 2 }))}</Col>
            <Col md={6}>{field('state', 'State', select('state', STATE_OPTIONS))}</Col>
            <Col md={6}>{field('registration', 'GST registration', select('registration', REGISTRATION_OPTIONS))}</Col>
            <Col md={6}>{field('gstin', 'GSTIN', text('gstin', { autoCapitalize: 'characters' }))}</Col>
            <Col md={6}>{field('pan', 'PAN', text('pan', { autoCapitalize: 'characters' }))}</Col>
            <Col md={6}>
              {field(
                'invoice_prefix',
                'Invoice number prefix',
                text('invoice_prefix'),
                'Numbers read INV/2026-27/0001.',
              )}
            </Col>
            <Col md={6} className="d-flex align-items-end">
              <div>
                <Form.Check
                  id="billing-e-invoicing"
                  label="E-invoicing applies (turnover above Rs 5 crore)"
                  {...register('e_invoicing')}
                />
                <Form.Check
                  id="billing-advocates"
                  label="A firm of advocates (legal services to businesses under reverse charge)"
                  {...register('advocates')}
                />
              </div>
            </Col>
            <Col md={6}>{field('bank_name', 'Bank', text('bank_name'))}</Col>
            <Col md={6}>
              {field(
                'bank_account',
                'Bank account number',
                text('bank_account', { inputMode: 'numeric', autoComplete: 'off' }),
                stored ? `Stored: ${stored}. Leave empty to keep it.` : undefined,
              )}
              {stored && (
                <Form.Check
                  id="billing-remove-account"
                  label="Remove the stored account"
                  {...register('remove_account')}
                />
              )}
            </Col>
            <Col md={6}>{field('ifsc', 'IFSC', text('ifsc', { autoCapitalize: 'characters' }))}</Col>
            <Col md={6}>{field('upi_vpa', 'UPI id', text('upi_vpa'), 'Clients pay by the QR on each invoice.')}</Col>
            <Col md={6}>{field('upi_payee', 'UPI payee name', text('upi_payee'))}</Col>
            <Col md={12}>{field('terms', 'Terms', text('terms', { as: 'textarea', rows: 2 }))}</Col>
          </Row>
          <BusyButton className="mt-3" type="submit" busy={form.isSubmitting} busyLabel="Saving">
            Save billing profile
          </BusyButton>
        </Form>
      </Card.Body>
    </SectionCard>
  );
}
