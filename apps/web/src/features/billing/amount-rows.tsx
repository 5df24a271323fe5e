/** The lines of a money summary inside its `<dl>`: each label on the left, its amount on the right. */
export function AmountRows({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return rows.map(([label, amount]) => (
    <div key={label} className="d-flex justify-content-between gap-3">
      <dt className="fw-normal">{label}</dt>
      <dd className="mb-1 text-end">{amount}</dd>
    </div>
  ));
}
