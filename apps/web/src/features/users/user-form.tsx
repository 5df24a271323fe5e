import { isBusinessStatus } from '@portal/contract/common';
import { documentTypesFor } from '@portal/contract/documents';
import type { RoleName } from '@portal/contract/roles';
import {
  buildUserFormSchema,
  requiredDocumentsFor,
  requiredFieldsFor,
  type UserField,
  type UserFormMode,
  userFieldsFor,
} from '@portal/contract/user-form';
import type { UserDetail } from '@portal/contract/users';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { BusyButton } from '../../components/busy-button';
import { ConfirmModal } from '../../components/confirm-modal';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { useContractForm } from '../../components/use-contract-form';
import { usePortalSettings } from '../../lib/portal-settings';
import { ServiceChecklist } from './service-checklist';
import { describeRemovedWork } from './service-removal';
import { UserAddressFields } from './user-address-fields';
import { UserClientFields } from './user-client-fields';
import { useUserDocuments } from './user-documents';
import type { UserFormParts } from './user-form-parts';
import { initialUserFormValues, toUserFormData, type UserFormValues } from './user-form-values';
import { UserIdentityFields } from './user-identity-fields';
import { UserProfessionalFields } from './user-professional-fields';
import { UserTaxIdFields } from './user-tax-id-fields';
import { type UserFormTarget, useSaveUserForm, useServiceOptions } from './users-api';

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
  /** A self-registered MPC's completion step: what its short sign-up did not ask is required here. */
  completing?: boolean;
};

/** The shared user form: one component for every role, add and edit, drawn in field groups. */
export function UserForm({
  userRole: role,
  mode,
  target,
  user,
  submitLabel = 'Save',
  onSaved,
  onCancel,
  hiddenFields,
  completing = false,
}: UserFormProps) {
  const settings = usePortalSettings();
  const requireTaxId = settings.data?.require_tax_id ?? false;
  const fields = useMemo(() => userFieldsFor(role, mode), [role, mode]);
  // Staff adding a user may leave the password empty: the user is mailed an invitation (issue 12).
  const passwordOptional = target.kind === 'create';
  const required = new Set<string>(requiredFieldsFor(role, mode, passwordOptional, completing));
  // A proof already stored (an older, long sign-up) is not asked again: the server judges the same.
  const requiredDocuments = requiredDocumentsFor(role, mode, completing).filter(
    (type) => !user?.user_document.some((document) => document.document_type === type),
  );
  // The form sends every field, so what the user has is judged as sent (nothing stored is left out).
  const schema = useMemo(
    () =>
      buildUserFormSchema({
        role,
        mode,
        requireTaxId,
        passwordOptional,
        completing: completing ? { stored: new Set() } : undefined,
      }),
    [role, mode, requireTaxId, passwordOptional, completing],
  );
  const services = useServiceOptions();
  const save = useSaveUserForm();
  const documents = useUserDocuments(user, documentTypesFor(role), requiredDocuments);
  const [removalQuestion, setRemovalQuestion] = useState<string | null>(null);
  const form = useContractForm<UserFormValues, unknown>({
    schema,
    defaultValues: initialUserFormValues(fields, user, role),
    routeFieldError: documents.routeFieldError,
  });
  const { handleSubmit, getValues, setValue, reset, watch, feedback, formState } = form;
  const { errors, isSubmitting, isDirty } = formState;
  const guard = useUnsavedChangesGuard(isDirty || documents.files.size > 0);
  const errorOf = (field: string) => (errors as Record<string, { message?: string } | undefined>)[field]?.message;
  const parts: UserFormParts = {
    form: form as unknown as UserFormParts['form'],
    errorOf,
    required,
    shows: (field) => fields.includes(field) && !hiddenFields?.includes(field),
    document: documents.render,
  };

  const saveNow = async () => {
    const result = await feedback.save(() =>
      save.mutateAsync({ target, body: toUserFormData(fields, getValues(), documents.files) }),
    );
    if (!result) return;
    if (mode === 'add') {
      reset(initialUserFormValues(fields, undefined, role));
      documents.clear();
    } else guard.release();
    onSaved?.(result.message, result.data);
  };

  const onSubmit = handleSubmit(
    async () => {
      feedback.clear();
      if (documents.checkMissing()) return;
      // A service that holds folders, files or staff is not taken away without a question.
      const question = describeRemovedWork(user, getValues('nature_of_service') ?? [], services.data ?? []);
      if (question) setRemovalQuestion(question);
      else await saveNow();
    },
    () => documents.checkMissing(),
  );

  const isBusiness = role === 'client' && isBusinessStatus(Number(watch('client_status_id')) || null);

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={`${mode === 'add' ? 'Add' : 'Edit'} ${role}`}>
      {feedback.alerts}
      <Row className="g-3">
        <UserIdentityFields
          {...parts}
          isBusiness={isBusiness}
          username={mode === 'edit' && user ? user.username : null}
          passwordOptional={passwordOptional}
        />
        <UserAddressFields {...parts} />
        <UserClientFields {...parts} storedPasswordSet={mode === 'edit' && !!user?.sub_form_password_set} />
        <UserTaxIdFields {...parts} panRequired={requireTaxId && role !== 'executor'} />
        {parts.shows('qualification') && (
          <UserProfessionalFields {...parts} proofRequired={requiredDocuments.includes('qualification_proof')} />
        )}
        <Col md={6}>{documents.render('profile_picture')}</Col>
        {parts.shows('nature_of_service') && (
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
        <BusyButton type="submit" busy={isSubmitting} busyLabel="Saving">
          {submitLabel}
        </BusyButton>
        {onCancel && (
          <Button variant="outline-secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}
