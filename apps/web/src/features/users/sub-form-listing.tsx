import { DATE_PLACEHOLDER } from '@portal/contract/plain-dates';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { ListingTable } from '../../components/sub-form-tables';
import { messageAt, type SubFormParts, subFieldName } from './sub-form-field';

/** A listed company's exchanges: listed at each (yes or no) and since when. */
export function SubFormListing({ register, errors }: SubFormParts) {
  return (
    <Col md={12}>
      <ListingTable
        bordered
        size="sm"
        className="align-middle mb-0"
        cellOf={(row, exchange) => {
          if (row === 'at')
            return (
              <Form.Select
                aria-label={`Listed at ${exchange.label}`}
                {...register(subFieldName([`listed_at_${exchange.key}`]))}
              >
                <option value="no">No</option>
                <option value="yes">Yes</option>
              </Form.Select>
            );
          const id = `sub-listed_since_${exchange.key}`;
          const error = messageAt(errors, [`listed_since_${exchange.key}`]);
          return (
            <>
              <Form.Control
                id={id}
                placeholder={DATE_PLACEHOLDER}
                inputMode="numeric"
                aria-label={`Listed since at ${exchange.label}`}
                {...invalidAttributes(id, error)}
                {...register(subFieldName([`listed_since_${exchange.key}`]))}
              />
              <FieldError controlId={id} error={error} />
            </>
          );
        }}
      />
    </Col>
  );
}
