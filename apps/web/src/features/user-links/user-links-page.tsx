import { type UserLinkCreateInput, userLinkCreateSchema } from '@portal/contract/user-links';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Trash from 'react-bootstrap-icons/dist/icons/trash';
import { BusyButton } from '../../components/busy-button';
import { ACTION_COLUMN, DataTable } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { LabelledField } from '../../components/labelled-field';
import { TitledCard } from '../../components/titled-card';
import { useContractForm } from '../../components/use-contract-form';
import { useDocumentTitle } from '../../lib/document-title';
import { useAddUserLink, useRemoveUserLink, useUserLinks } from './user-links-api';

/** The MPC's User Link tab and the PC's and executor's Files tab: one's own links by label and URL. */
export function UserLinksPage({ title }: { title: string }) {
  useDocumentTitle(title);
  const links = useUserLinks();
  const add = useAddUserLink();
  const remove = useRemoveUserLink();
  const { register, submit, reset, feedback, errors, isSubmitting } = useContractForm<UserLinkCreateInput>({
    schema: userLinkCreateSchema,
    defaultValues: { label: '', value: '' },
  });

  const onSubmit = submit(
    (input) => add.mutateAsync(input),
    () => reset({ label: '', value: '' }),
  );

  return (
    <TitledCard title={title}>
      {feedback.alerts}
      <Form noValidate onSubmit={onSubmit} className="mb-4" aria-label="Add link">
        <Row className="g-2 align-items-start">
          <Col md={4}>
            <LabelledField controlId="link-label" label="Label" error={errors.label?.message}>
              <Form.Control placeholder="Please enter label name" {...register('label')} />
            </LabelledField>
          </Col>
          <Col md={6}>
            <LabelledField controlId="link-value" label="Value" error={errors.value?.message}>
              <Form.Control type="url" placeholder="https://" {...register('value')} />
            </LabelledField>
          </Col>
          <Col md={2} className="pt-md-4 mt-md-2">
            <BusyButton type="submit" busy={isSubmitting} busyLabel="Saving">
              Save
            </BusyButton>
          </Col>
        </Row>
      </Form>
      <DataTable
        layout="rows"
        columns={[
          { header: 'Label', cell: (link) => link.label, title: true },
          {
            header: 'Link',
            cellClassName: 'text-break',
            cell: (link) => (
              <a href={link.value} target="_blank" rel="noopener noreferrer">
                {link.value}
              </a>
            ),
            label: false,
          },
          {
            ...ACTION_COLUMN,
            cell: (link) => (
              <IconAction
                label={`Remove ${link.label}`}
                icon={<Trash aria-hidden />}
                danger
                onClick={() =>
                  // A refused removal says why, like every other failed save.
                  remove.mutate(link.user_link_id, { onError: feedback.fail })
                }
              />
            ),
          },
        ]}
        rows={links.data}
        loading={links.isPending}
        loadingLabel="Loading links"
        rowKey={(link) => link.user_link_id}
      />
    </TitledCard>
  );
}
