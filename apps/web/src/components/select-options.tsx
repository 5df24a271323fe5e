export type SelectOption = { value: string | number; label: string };

/** A select's choices from a list of values and labels, such as the contract's option lists. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** A contract's list of values and its labels as a select's choices, so no select maps them by hand. */
export function toLabelledOptions<T extends string>(values: readonly T[], labels: Record<T, string>): SelectOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** A client's services as a select's choices (family members, recurring work, one-off work). */
export function toServiceOptions(services: { service_id: number; service_name: string }[] | undefined): SelectOption[] {
  return (services ?? []).map((service) => ({ value: service.service_id, label: service.service_name }));
}
