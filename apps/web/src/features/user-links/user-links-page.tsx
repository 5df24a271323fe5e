import { type UserLinkCreateInput, userLinkCreateSchema } from '@portal/contract/user-links';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Trash from 'react-bootstrap-icons/dist/icons/trash';
import { DataTable } from '../../components/data-table';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { IconAction } from '../../components/icon-action';
import { useContractForm } from '../../components/use-contract-form';
import { useDocumentTitle } from '../../lib/document-title';
import { useAddUserLink, useRemoveUserLink, useUserLinks } from './user-links-api';

/** The MPC's User Link tab and the PC's and executor's Files tab: one's own links by label and URL. */
export function UserLinksPage({ title }: { title: string }) {
  useDocumentTitle(title);
  const links = useUserLinks();
  const add = useAddUserLink();
  const remove = useRemoveUserLink();
  const {
    register,
    handleSubmit,
    reset,
    feedback,
    formState: { errors, isSubmitting },
  } = useContractForm<UserLinkCreateInput>({
    schema: userLinkCreateSchema,
    defaultValues: { label: '', value: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    if (await feedback.save(() => add.mutateAsync(input))) reset({ label: '', value: '' });
  });

  return (
    <Card>
      <Card.Header className="bg-white">
        <h1 className="h5 mb-0">{title}</h1>
      </Card.Header>
      <Card.Body>
        {feedback.alerts}
        <Form noValidate onSubmit={onSubmit} className="mb-4" aria-label="Add link">
          <Row className="g-2 align-items-start">
            <Col md={4}>
              <Form.Group controlId="link-label">
                <Form.Label>Label</Form.Label>
                <Form.Control
                  placeholder="Please enter label name"
                  {...invalidAttributes('link-label', errors.label?.message)}
                  {...register('label')}
                />
                <FieldError controlId="link-label" error={errors.label?.message} />
              </Form.Group>
            </Col>
            <Col md={6}>
              <Form.Group controlId="link-value">
                <Form.Label>Value</Form.Label>
                <Form.Control
                  type="url"
                  placeholder="https://"
                  {...invalidAttributes('link-value', errors.value?.message)}
                  {...register('value')}
                />
                <FieldError controlId="link-value" error={errors.value?.message} />
              </Form.Group>
            </Col>
            <Col md={2} className="pt-md-4 mt-md-2">
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting && <Spinner animation="border" size="sm" className="me-2" aria-label="Saving" />}
                Save
              </Button>
            </Col>
          </Row>
        </Form>
        <DataTable
          layout="rows"
          columns={[{ header: 'Label' }, { header: 'Link' }, { header: 'Action', className: 'text-end' }]}
          rows={links.data}
          loading={links.isPending}
          loadingLabel="Loading links"
          renderRow={(link) => (
            <tr key={link.user_link_id}>
              <td className="fw-semibold">{link.label}</td>
              <td className="text-break">
                <a href={link.value} target="_blank" rel="noopener noreferrer">
                  {link.value}
                </a>
              </td>
              <td className="entry-actions">
                <IconAction
                  label={`Remove ${link.label}`}
                  icon={<Trash aria-hidden />}
                  danger
                  onClick={() =>
                    // A refused removal says why, like every other failed save.
                    remove.mutate(link.user_link_id, { onError: feedback.fail })
                  }
                />
              </td>
            </tr>
          )}
        />
      </Card.Body>
    </Card>
  );
}
