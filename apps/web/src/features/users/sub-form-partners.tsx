import { PARTNER_FIELDS, SEX_OPTIONS } from '@portal/contract/client-templates';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { SelectOptions } from '../../components/select-options';
import { messageAt, SUB_FORM_PLACEHOLDERS, type SubFormParts, subFieldName } from './sub-form-field';

/** One row per partner, as many as the number of partners says. */
export function SubFormPartners({ count, register, errors }: SubFormParts & { count: number }) {
  return (
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
          {Array.from({ length: count }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: partner rows are positions in the table
            <tr key={index}>
              <td>{index + 1}</td>
              {PARTNER_FIELDS.map((entry) => {
                const path = ['partners', index, entry.key];
                const error = messageAt(errors, path);
                const label = `Partner ${index + 1} ${entry.label}`;
                const cellId = `sub-partners-${index}-${entry.key}`;
                return (
                  <td key={entry.key}>
                    {entry.kind === 'sex' ? (
                      <Form.Select
                        id={cellId}
                        aria-label={label}
                        {...invalidAttributes(cellId, error)}
                        {...register(subFieldName(path))}
                      >
                        <option value="">Select</option>
                        <SelectOptions options={SEX_OPTIONS} />
                      </Form.Select>
                    ) : (
                      <Form.Control
                        id={cellId}
                        aria-label={label}
                        placeholder={SUB_FORM_PLACEHOLDERS[entry.kind]}
                        {...invalidAttributes(cellId, error)}
                        {...register(subFieldName(path))}
                      />
                    )}
                    <FieldError controlId={cellId} error={error} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </Col>
  );
}
