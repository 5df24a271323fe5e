import { zodResolver } from '@hookform/resolvers/zod';
import { CLIENT_STATUSES, isBusinessStatus } from '@portal/contract/common';
import { type DocumentType, documentTypesFor } from '@portal/contract/documents';
import { INDIAN_PINCODE_PATTERN } from '@portal/contract/identifiers';
import type { RoleName } from '@portal/contract/roles';
import {
  buildUserFormSchema,
  COUNTRY_CODES,
  QUALIFICATIONS,
  requiredDocumentsFor,
  requiredFieldsFor,
  type UserField,
  type UserFormMode,
  userFieldsFor,
} from '@portal/contract/user-form';
import { USER_MESSAGES } from '@portal/contract/user-messages';
import type { UserDetail } from '@portal/contract/users';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { type Resolver, useForm } from 'react-hook-form';
import { ConfirmModal } from '../../components/confirm-modal';
import { useFormFeedback } from '../../components/form-feedback';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { readApiError } from '../../lib/api-error';
import { usePortalSettings } from '../../lib/portal-settings';
import { ClientSubForm } from './client-sub-form';
import { DocumentInput } from './document-input';
import { ServiceChecklist } from './service-checklist';
import { describeRemovedWork } from './service-removal';
import { TextField } from './text-field';
import { initialUserFormValues, toUserFormData, type UserFormValues } from './user-form-values';
import { lookUpPincode, type UserFormTarget, useSaveUserForm, useServiceOptions } from './users-api';

type UserFormProps = {
  /** The kind of user the form is for: it decides the fields (`userFieldsFor`). */
  userRole: RoleName;
  mode: UserFormMode;
  target: UserFormTarget;
  user?: UserDetail;
  submitLabel?: string;
  onSaved?: (message: string, user: UserDetail | null) => void;
  /** Edit forms: leave without saving (asks first when something was changed). */
  onCancel?: () => void;
  /** Fields this screen does not ask for (their stored values are kept and sent back unchanged). */
  hiddenFields?: UserField[];
};

const countryName = new Intl.DisplayNames(['en'], { type: 'region' });
const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryName.of(code) ?? code })).sort((a, b) =>
  a.name.localeCompare(b.name),
);

/** The shared user form: one component for every role, add and edit. */
export function UserForm({
  userRole: role,
  mode,
  target,
  user,
  submitLabel = 'Save',
  onSaved,
  onCancel,
  hiddenFields,
}: UserFormProps) {
  const settings = usePortalSettings();
  const requireTaxId = settings.data?.require_tax_id ?? false;
  const fields = useMemo(() => userFieldsFor(role, mode), [role, mode]);
  // Staff adding a user may leave the password empty: the user is mailed an invitation (issue 12).
  const passwordOptional = target.kind === 'create';
  const required = new Set<string>(requiredFieldsFor(role, mode, passwordOptional));
  const documentTypes = documentTypesFor(role);
  const requiredDocuments = requiredDocumentsFor(role, mode);
  const schema = useMemo(
    () => buildUserFormSchema({ role, mode, requireTaxId, passwordOptional }),
    [role, mode, requireTaxId, passwordOptional],
  );
  const services = useServiceOptions();
  const save = useSaveUserForm();
  const [files, setFiles] = useState(new Map<string, File>());
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const [resetKey, setResetKey] = useState(0);
  const [removalQuestion, setRemovalQuestion] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<UserFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<UserFormValues>,
    defaultValues: initialUserFormValues(fields, user, role),
  });
  // A server error about a document goes under that document's file input, not a form field.
  const feedback = useFormFeedback(setError, {
    routeFieldError: (field, message) => {
      if (!documentTypes.includes(field as DocumentType)) return false;
      setFileErrors((current) => ({ ...current, [field]: message }));
      return true;
    },
  });
  const shows = (field: UserField) => fields.includes(field) && !hiddenFields?.includes(field);
  const guard = useUnsavedChangesGuard(isDirty || files.size > 0);
  const errorOf = (field: string) => (errors as Record<string, { message?: string } | undefined>)[field]?.message;

  const chooseFile = (type: DocumentType, file: File | null) => {
    setFiles((current) => {
      const next = new Map(current);
      if (file) next.set(type, file);
      else next.delete(type);
      return next;
    });
    setFileErrors(({ [type]: _cleared, ...rest }) => rest);
  };

  // Spec: on blur the pincode fills state and city; a malformed or unknown one says so under the field.
  const fillFromPincode = async () => {
    const pincode = getValues('pincode')?.trim() ?? '';
    if (!pincode || (getValues('country') && getValues('country') !== 'IN')) return;
    if (!INDIAN_PINCODE_PATTERN.test(pincode)) {
      setError('pincode', { message: USER_MESSAGES.pincodeInvalid });
      return;
    }
    try {
      const found = await lookUpPincode(pincode);
      if (!found.statename && !found.district) setError('pincode', { message: USER_MESSAGES.pincodeUnknown });
      if (found.statename) setValue('state', found.statename, { shouldValidate: true });
      if (found.district) setValue('city', found.district, { shouldValidate: true });
    } catch (error) {
      setError('pincode', { message: readApiError(error).message });
    }
  };

  const missingDocuments = () => {
    const missing: Record<string, string> = {};
    for (const type of requiredDocuments)
      if (!files.has(type)) missing[type] = USER_MESSAGES.qualificationProofRequired;
    setFileErrors(missing);
    return Object.keys(missing).length > 0;
  };

  const saveNow = async () => {
    const result = await feedback.save(() =>
      save.mutateAsync({ target, body: toUserFormData(fields, getValues(), files) }),
    );
    if (!result) return;
    if (mode === 'add') {
      reset(initialUserFormValues(fields, undefined, role));
      setFiles(new Map());
      setResetKey((key) => key + 1);
    } else guard.release();
    onSaved?.(result.message, result.data);
  };

  const onSubmit = handleSubmit(
    async () => {
      feedback.clear();
      if (missingDocuments()) return;
      // A service that holds folders, files or staff is not taken away without a question.
      const question = describeRemovedWork(user, getValues('nature_of_service') ?? [], services.data ?? []);
      if (question) setRemovalQuestion(question);
      else await saveNow();
    },
    () => missingDocuments(),
  );

  const documentOf = (type: DocumentType) => user?.user_document.find((document) => document.document_type === type);
  const statusId = Number(watch('client_status_id'));
  const template = CLIENT_STATUSES.find((status) => status.value === statusId)?.template ?? null;
  const isBusiness = role === 'client' && isBusinessStatus(statusId || null);
  const trimPartners = (count: number) => {
    const partners = getValues('additional_data')?.partners;
    if (Array.isArray(partners) && partners.length > count)
      setValue('additional_data.partners' as never, partners.slice(0, count) as never);
  };
  const renderDocument = (type: DocumentType) => (
    <DocumentInput
      type={type}
      current={documentOf(type)}
      error={fileErrors[type]}
      resetKey={resetKey}
      onChange={(file) => chooseFile(type, file)}
    />
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={`${mode === 'add' ? 'Add' : 'Edit'} ${role}`}>
      {feedback.alerts}
      <Row className="g-3">
        {/* A business client is named by its legal name; a last name is for people. */}
        <TextField
          label={isBusiness ? 'Legal name' : 'First name'}
          registration={register('first_name')}
          error={errorOf('first_name')}
          required
        />
        <TextField
          label={isBusiness ? 'Last name (optional)' : 'Last name'}
          registration={register('last_name')}
          error={errorOf('last_name')}
          required={!isBusiness}
        />
        <TextField
          label="Email"
          type="email"
          registration={register('email')}
          error={errorOf('email')}
          required
          autoComplete="off"
        />
        <TextField
          label="Mobile number"
          type="tel"
          registration={register('mobile_number')}
          error={errorOf('mobile_number')}
          required
        />
        <TextField
          label="Alternate mobile number"
          type="tel"
          registration={register('alternate_mobile_number')}
          error={errorOf('alternate_mobile_number')}
        />
        {shows('alternate_email_id') && (
          <TextField
            label="Alternate email"
            type="email"
            registration={register('alternate_email_id')}
            error={errorOf('alternate_email_id')}
          />
        )}
        {mode === 'edit' && user && (
          <Col md={6}>
            <Form.Group controlId="field-username">
              <Form.Label>Username</Form.Label>
              <Form.Control value={user.username} readOnly plaintext className="border rounded px-2 bg-light" />
            </Form.Group>
          </Col>
        )}
        {shows('password') && (
          <TextField
            label="Password"
            type="password"
            registration={register('password')}
            error={errorOf('password')}
            required={!passwordOptional}
            autoComplete="new-password"
            {...(passwordOptional
              ? {
                  hint: 'Leave empty to email an invitation to choose a password. A password you type here must be changed at the first sign-in.',
                }
              : {})}
          />
        )}
        <TextField label="Address" registration={register('address')} error={errorOf('address')} md={12} />
        <TextField
          label="Pincode"
          registration={register('pincode', { onBlur: fillFromPincode })}
          error={errorOf('pincode')}
          required={required.has('pincode')}
          md={4}
        />
        <TextField
          label="City"
          registration={register('city')}
          error={errorOf('city')}
          required={required.has('city')}
          md={4}
        />
        <TextField
          label="State"
          registration={register('state')}
          error={errorOf('state')}
          required={required.has('state')}
          md={4}
        />
        {shows('country') && (
          <TextField
            label="Country"
            registration={register('country')}
            error={errorOf('country')}
            required={required.has('country')}
          >
            <Form.Select isInvalid={!!errorOf('country')} {...register('country')}>
              <option value="">Select country</option>
              {COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </Form.Select>
          </TextField>
        )}
        {shows('client_status_id') && (
          <TextField
            label="Client status"
            registration={register('client_status_id')}
            error={errorOf('client_status_id')}
          >
            <Form.Select
              isInvalid={!!errorOf('client_status_id')}
              {...register('client_status_id', {
                // Spec: another status brings another sub-form; the old one's answers do not carry over.
                onChange: () => setValue('additional_data', {}),
              })}
            >
              <option value="">Select client status</option>
              {CLIENT_STATUSES.map((status) => (
                <option key={status.value} value={status.value}>
                  {status.label}
                </option>
              ))}
            </Form.Select>
          </TextField>
        )}
        {shows('additional_data') && template && (
          <Col md={12}>
            <ClientSubForm
              template={template}
              register={register}
              watch={watch}
              errors={errors}
              renderDocument={renderDocument}
              onPartnerCountChange={trimPartners}
              storedPasswordSet={mode === 'edit' && !!user?.sub_form_password_set}
            />
          </Col>
        )}
        {(['pan', 'gst', 'tan'] as const).map((kind) => (
          <Col md={12} key={kind}>
            <Row className="g-3">
              <TextField
                label={`${kind.toUpperCase()} number`}
                // Tax ids are capitals: shown so as typed, and sent so.
                registration={register(`${kind}_number`, {
                  setValueAs: (value: string) => (typeof value === 'string' ? value.toUpperCase() : value),
                })}
                uppercase
                error={errorOf(`${kind}_number`)}
                required={requireTaxId && kind === 'pan' && role !== 'executor'}
              />
              <Col md={6}>
                <DocumentInput
                  type={`${kind}_proof`}
                  current={documentOf(`${kind}_proof`)}
                  error={fileErrors[`${kind}_proof`]}
                  resetKey={resetKey}
                  onChange={(file) => chooseFile(`${kind}_proof`, file)}
                />
              </Col>
            </Row>
          </Col>
        ))}
        {shows('qualification') && (
          <>
            <TextField
              label="Qualification"
              registration={register('qualification')}
              error={errorOf('qualification')}
              required={required.has('qualification')}
            >
              <Form.Select isInvalid={!!errorOf('qualification')} {...register('qualification')}>
                <option value="">Select qualification</option>
                {QUALIFICATIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Form.Select>
            </TextField>
            <Col md={6}>
              <DocumentInput
                type="qualification_proof"
                current={documentOf('qualification_proof')}
                required={requiredDocuments.includes('qualification_proof')}
                error={fileErrors.qualification_proof}
                resetKey={resetKey}
                onChange={(file) => chooseFile('qualification_proof', file)}
              />
            </Col>
            <TextField
              label="Practice since"
              type="number"
              placeholder="e.g. 2012"
              registration={register('practice_since')}
              error={errorOf('practice_since')}
              required={required.has('practice_since')}
            />
            <Col md={6}>
              <DocumentInput
                type="logo"
                current={documentOf('logo')}
                error={fileErrors.logo}
                resetKey={resetKey}
                onChange={(file) => chooseFile('logo', file)}
              />
            </Col>
          </>
        )}
        <Col md={6}>
          <DocumentInput
            type="profile_picture"
            current={documentOf('profile_picture')}
            error={fileErrors.profile_picture}
            resetKey={resetKey}
            onChange={(file) => chooseFile('profile_picture', file)}
          />
        </Col>
        {shows('nature_of_service') && (
          <ServiceChecklist
            services={services.data ?? []}
            chosen={watch('nature_of_service') ?? []}
            onChange={(chosen) =>
              setValue('nature_of_service', chosen, {
                shouldDirty: true,
                shouldValidate: !!errorOf('nature_of_service'),
              })
            }
            error={errorOf('nature_of_service')}
            required={required.has('nature_of_service')}
          />
        )}
      </Row>
      {guard.prompt}
      <ConfirmModal
        show={removalQuestion !== null}
        title="Remove a service with work in it?"
        text={removalQuestion ?? ''}
        confirmLabel="Remove and save"
        busy={save.isPending}
        onCancel={() => setRemovalQuestion(null)}
        onConfirm={async () => {
          setRemovalQuestion(null);
          await saveNow();
        }}
      />
      <div className="mt-4 d-flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner animation="border" size="sm" className="me-2" aria-label="Saving" />}
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="outline-secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}
