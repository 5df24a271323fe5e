import {
  type FamilyMember,
  GUARDIAN_RELATION_LABELS,
  GUARDIAN_RELATIONS,
  type MemberCreateInput,
  memberCreateSchema,
} from '@portal/contract/family-members';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Trash from 'react-bootstrap-icons/dist/icons/trash';
import { ConfirmModal } from '../../components/confirm-modal';
import { ACTION_COLUMN, DataTable } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { LabelledField } from '../../components/labelled-field';
import { Pager } from '../../components/pager';
import { SelectOptions, toLabelledOptions } from '../../components/select-options';
import { ServiceSelect } from '../../components/service-select';
import { TitledCard } from '../../components/titled-card';
import { useContractForm } from '../../components/use-contract-form';
import { useAddFamilyMember, useClientServices, useFamilyMembers, useRemoveFamilyMember } from './family-members-api';

type FamilyMembersSectionProps = {
  clientId: number;
  /** Whether the viewer may add and remove (the server decides; this only hides the controls). */
  canManage: boolean;
};

const FIELDS = [
  { name: 'member_name', label: 'Name', type: 'text' },
  { name: 'mobile_number', label: 'Mobile number', type: 'tel' },
  { name: 'email_id', label: 'Email Id', type: 'email' },
] as const;

/** The add form as it opens, and again after each member added. */
function emptyMember(clientId: number): MemberCreateInput {
  // The service starts on the select's empty "Select service" choice, held as text like any select's value.
  return {
    member_name: '',
    mobile_number: '',
    email_id: '',
    service_id: '' as unknown as number,
    user_id: clientId,
    is_minor: false,
    guardian_name: '',
    guardian_relation: '',
  };
}

/** "Minor: Meena Shah (Mother)" for a minor, "Adult" otherwise. */
function describeAge(member: FamilyMember): string {
  if (!member.is_minor) return 'Adult';
  const relation = member.guardian_relation ? ` (${GUARDIAN_RELATION_LABELS[member.guardian_relation]})` : '';
  return `Minor: ${member.guardian_name ?? ''}${relation}`;
}

/** Family Member section of client detail and client profile: add, paged list of 10, remove. */
export function FamilyMembersSection({ clientId, canManage }: FamilyMembersSectionProps) {
  const [page, setPage] = useState(1);
  const members = useFamilyMembers(clientId, page);
  const services = useClientServices(clientId);
  const add = useAddFamilyMember(clientId);
  const remove = useRemoveFamilyMember(clientId);
  const [toRemove, setToRemove] = useState<FamilyMember | null>(null);
  const { register, submit, reset, feedback, errors, isSubmitting, watch } = useContractForm<MemberCreateInput>({
    schema: memberCreateSchema,
    defaultValues: emptyMember(clientId),
  });
  const isMinor = watch('is_minor') === true;

  const onSubmit = submit(
    (input) => add.mutateAsync(input),
    () => reset(emptyMember(clientId)),
  );

  const removeMember = async () => {
    if (!toRemove) return;
    try {
      await remove.mutateAsync(toRemove.family_member_id);
    } catch (error) {
      feedback.fail(error);
    }
    setToRemove(null);
  };

  const _rows = members.data?.data ?? [];
  return (
    <TitledCard title="Family Member" heading="h2">
      {feedback.alerts}
      {canManage && (
        <Form noValidate onSubmit={onSubmit} className="mb-3" aria-label="Add family member">
          <Row className="g-2 align-items-start">
            {FIELDS.map((field) => (
              <Col md={3} key={field.name}>
                <LabelledField
                  controlId={`member-${field.name}`}
                  label={field.label}
                  error={errors[field.name]?.message}
                >
                  <Form.Control type={field.type} {...register(field.name)} />
                </LabelledField>
              </Col>
            ))}
            <Col md={2}>
              <LabelledField controlId="member-service_id" label="Service" error={errors.service_id?.message}>
                <ServiceSelect services={services.data} {...register('service_id')} />
              </LabelledField>
            </Col>
            <Col md={1} className="pt-md-4 mt-md-2">
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? <Spinner animation="border" size="sm" aria-label="Adding" /> : 'Add'}
              </Button>
            </Col>
          </Row>
          {/* A minor's details are entered with the consent of its parent or lawful guardian (DPDP Act s.9). */}
          <Row className="g-2 align-items-start mt-1">
            <Col md={3} className="pt-md-4 mt-md-2">
              <Form.Check type="checkbox" id="member-is_minor" label="Minor (under 18)" {...register('is_minor')} />
            </Col>
            {isMinor && (
              <>
                <Col md={3}>
                  <LabelledField
                    controlId="member-guardian_name"
                    label="Parent or guardian"
                    error={errors.guardian_name?.message}
                  >
                    <Form.Control type="text" {...register('guardian_name')} />
                  </LabelledField>
                </Col>
                <Col md={3}>
                  <LabelledField
                    controlId="member-guardian_relation"
                    label="Relation to the minor"
                    error={errors.guardian_relation?.message}
                  >
                    <Form.Select {...register('guardian_relation')}>
                      <option value="">Select relation</option>
                      <SelectOptions options={toLabelledOptions(GUARDIAN_RELATIONS, GUARDIAN_RELATION_LABELS)} />
                    </Form.Select>
                  </LabelledField>
                </Col>
              </>
            )}
          </Row>
        </Form>
      )}
      <DataTable
        layout="rows"
        columns={[
          { header: 'Name', cell: (member) => member.member_name, title: true },
          { header: 'Mobile number', cell: (member) => member.mobile_number },
          { header: 'Email Id', cellClassName: 'text-break', cell: (member) => member.email_id },
          { header: 'Service', cell: (member) => member.service_name },
          { header: 'Age', cell: (member) => describeAge(member) },
          canManage && {
            ...ACTION_COLUMN,
            cell: (member) => (
              <IconAction
                label={`Remove ${member.member_name}`}
                icon={<Trash aria-hidden />}
                danger
                onClick={() => setToRemove(member)}
              />
            ),
          },
        ]}
        rows={members.data?.data}
        loading={members.isPending}
        loadingLabel="Loading family members"
        rowKey={(member) => member.family_member_id}
      />
      <Pager
        page={page}
        lastPage={members.data?.last_page ?? 1}
        onChange={setPage}
        label="Family member pages"
        showAllPages
      />
      <ConfirmModal
        show={toRemove !== null}
        title="Remove Family Member"
        text={`Remove ${toRemove?.member_name ?? ''} from this client's family members?`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={removeMember}
      />
    </TitledCard>
  );
}
