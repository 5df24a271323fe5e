import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A registration whose field turns what is typed into capitals (PAN, GSTIN, TAN, IFSC, CIN): the value
 * itself, not only its look, so what the field holds, copies and sends is what the server stores.
 */
export function registerCapitals<T extends UseFormRegisterReturn>(registration: T): T {
  return {
    ...registration,
    onChange: (event) => {
      capitalizeInput(event.target as HTMLInputElement);
      return registration.onChange(event);
    },
  };
}

function capitalizeInput(input: HTMLInputElement): void {
  const upper = input.value.toUpperCase();
  if (upper === input.value) return;
  // Setting the value moves the caret to the end: put it back where the user was typing.
  const { selectionStart, selectionEnd } = input;
  input.value = upper;
  if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd);
}
