import { useEffect, useRef } from 'react';
import type { FieldValues } from 'react-hook-form';

type ResettableForm<V extends FieldValues> = { reset: (values: V) => void; feedback: { clear: () => void } };

/**
 * A dialog's form starts afresh each time it opens (or opens for another record): its empty values, and no
 * message left from the last time. `opened` is the dialog's `show`, or the record it is open for (null: closed).
 */
export function useFreshFormOnOpen<V extends FieldValues>(opened: unknown, form: ResettableForm<V>, values: V) {
  const { reset } = form;
  const { clear } = form.feedback;
  const initial = useRef(values);
  useEffect(() => {
    if (!opened) return;
    reset(initial.current);
    clear();
  }, [opened, reset, clear]);
}
