import { LISTING_EXCHANGES } from '@portal/contract/client-templates';
import { DATE_PLACEHOLDER } from '@portal/contract/plain-dates';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { messageAt, type SubFormParts, subFieldName } from './sub-form-field';

/** A listed company's exchanges: listed at each (yes or no) and since when. */
export function SubFormListing({ register, errors }: SubFormParts) {
  return (
    <Col md={12}>
      <Table bordered size="sm" className="align-middle mb-0">
        <thead>
          <tr>
            <th scope="col" />
            {LISTING_EXCHANGES.map((exchange) => (
              <th scope="col" key={exchange.key}>
                {exchange.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Listed at</th>
            {LISTING_EXCHANGES.map((exchange) => (
              <td key={exchange.key}>
                <Form.Select
                  aria-label={`Listed at ${exchange.label}`}
                  {...register(subFieldName([`listed_at_${exchange.key}`]))}
                >
                  <option value="no">No</option>
                  <option value="yes">Yes</option>
                </Form.Select>
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">Listed since</th>
            {LISTING_EXCHANGES.map((exchange) => {
              const error = messageAt(errors, [`listed_since_${exchange.key}`]);
              return (
                <td key={exchange.key}>
                  <Form.Control
                    id={`sub-listed_since_${exchange.key}`}
                    placeholder={DATE_PLACEHOLDER}
                    inputMode="numeric"
                    aria-label={`Listed since at ${exchange.label}`}
                    {...invalidAttributes(`sub-listed_since_${exchange.key}`, error)}
                    {...register(subFieldName([`listed_since_${exchange.key}`]))}
                  />
                  <FieldError controlId={`sub-listed_since_${exchange.key}`} error={error} />
                </td>
              );
            })}
          </tr>
        </tbody>
      </Table>
    </Col>
  );
}
