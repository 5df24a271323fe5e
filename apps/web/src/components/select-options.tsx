export type SelectOption = { value: string | number; label: string };

/** A select's choices from a list of values and labels, such as the contract's option lists. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}
