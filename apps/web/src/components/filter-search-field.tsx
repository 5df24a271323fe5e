import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';

type FilterSearchFieldProps = {
  id: string;
  /** What it searches ("Number or client"). */
  placeholder: string;
  value: string;
  onType: (text: string) => void;
  /** Its width on a wide screen (a whole row on a phone). */
  lg: number;
};

/** The "Search" box of a list's filter form; what is typed applies with the form (Filter or Enter). */
export function FilterSearchField({ id, placeholder, value, onType, lg }: FilterSearchFieldProps) {
  return (
    <Col xs={12} lg={lg}>
      <Form.Label htmlFor={id}>Search</Form.Label>
      <Form.Control
        id={id}
        type="search"
        maxLength={100}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onType(event.target.value)}
      />
    </Col>
  );
}
