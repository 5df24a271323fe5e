/**
 * The red star after a required field's label. Hidden from screen readers, which hear `aria-required`
 * on the control instead.
 */
export function RequiredMark() {
  return (
    <span className="text-danger" aria-hidden>
      {' '}
      *
    </span>
  );
}
