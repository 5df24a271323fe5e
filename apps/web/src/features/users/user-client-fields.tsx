import { CLIENT_STATUSES } from '@portal/contract/common';
import Col from 'react-bootstrap/Col';
import { ClientSubForm } from './client-sub-form';
import { TextField } from './text-field';
import type { UserFormParts } from './user-form-parts';

/** A client's status and the sub-form its status brings (company, firm, trust... details). */
export function UserClientFields({
  form,
  errorOf,
  shows,
  document,
  storedPasswordSet,
}: UserFormParts & { storedPasswordSet: boolean }) {
  const { register, setValue, getValues, watch, formState } = form;
  const statusId = Number(watch('client_status_id'));
  const template = CLIENT_STATUSES.find((status) => status.value === statusId)?.template ?? null;
  const trimPartners = (count: number) => {
    const partners = getValues('additional_data')?.partners;
    if (Array.isArray(partners) && partners.length > count)
      setValue('additional_data.partners' as never, partners.slice(0, count) as never);
  };
  return (
    <>
      {shows('client_status_id') && (
        <TextField
          label="Client status"
          registration={register('client_status_id', {
            // Spec: another status brings another sub-form; the old one's answers do not carry over.
            onChange: () => setValue('additional_data', {}),
          })}
          error={errorOf('client_status_id')}
          choices={{ prompt: 'Select client status', options: CLIENT_STATUSES }}
        />
      )}
      {shows('additional_data') && template && (
        <Col md={12}>
          <ClientSubForm
            template={template}
            register={register}
            watch={watch}
            errors={formState.errors}
            renderDocument={(type) => document(type)}
            onPartnerCountChange={trimPartners}
            storedPasswordSet={storedPasswordSet}
          />
        </Col>
      )}
    </>
  );
}
