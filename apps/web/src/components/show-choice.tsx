import Form from 'react-bootstrap/Form';
import { OptionsSelect } from './options-select';
import { toLabelledOptions } from './select-options';

export type ShowChoiceProps<Choice extends string> = {
  id: string;
  value: Choice;
  /** Each choice with its label, in the order they are offered. */
  labels: Record<Choice, string>;
  onChoose: (value: Choice) => void;
};

/** The "Show" choice above a list read page by page (a register, the privacy acceptances): which rows it lists. */
export function ShowChoice<Choice extends string>({ id, value, labels, onChoose }: ShowChoiceProps<Choice>) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>Show</Form.Label>
      <OptionsSelect
        className="w-auto"
        value={value}
        onChange={(event) => onChoose(event.target.value as Choice)}
        options={toLabelledOptions(Object.keys(labels) as Choice[], labels)}
      />
    </Form.Group>
  );
}
