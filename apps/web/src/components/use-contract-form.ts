import { zodResolver } from '@hookform/resolvers/zod';
import { DATE_MESSAGES } from '@portal/contract/plain-dates';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  get,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { z } from 'zod';
import { type FeedbackOptions, type FormFeedback, useFormFeedback } from './form-feedback';

type ContractFormOptions<TValues extends FieldValues, TBody> = FeedbackOptions & {
  /** The contract's schema of the request: the one the server validates the same request with. */
  schema: z.ZodType<TBody>;
  defaultValues: DefaultValues<TValues>;
  /**
   * How the typed values become the request (numbers from their text, dates typed dd/mm/yyyy as ISO).
   * The form's fields carry the request's field names, so each of the schema's errors lands under its field.
   */
  toBody?: (values: TValues) => unknown;
  /** Fields typed as dd/mm/yyyy: their error says so, not the ISO form the request carries. */
  dateFields?: readonly string[];
};

export type ContractForm<TValues extends FieldValues, TBody> = UseFormReturn<TValues, unknown, TBody> & {
  feedback: FormFeedback;
  /** The field errors and whether a save is under way, read once here so every form reads them alike. */
  errors: FieldErrors<TValues>;
  isSubmitting: boolean;
  /**
   * The form's submit handler: checks with the schema, sends, then reports as every form does (field
   * errors under their fields, the rest in the alert). `onSaved` runs with the server's answer.
   */
  submit: <R extends { message: string }>(
    send: (body: TBody) => Promise<R>,
    onSaved?: (result: R, body: TBody) => unknown,
  ) => (event?: React.BaseSyntheticEvent) => Promise<void>;
};

/** The key of the schema's errors that belong to no field (e.g. "Send at least one field to change."). */
const FORM_LEVEL = '_';

/** The one way to build a form: react-hook-form, the contract's zod schema and `useFormFeedback`. */
export function useContractForm<TValues extends FieldValues, TBody = TValues>({
  schema,
  defaultValues,
  toBody,
  dateFields = [],
  ...feedbackOptions
}: ContractFormOptions<TValues, TBody>): ContractForm<TValues, TBody> {
  const checked = toBody ? z.preprocess((values) => toBody(values as TValues), schema) : schema;
  const resolveBySchema = zodResolver(checked as unknown as z.ZodType<TBody, TValues>) as unknown as Resolver<
    TValues,
    unknown,
    TBody
  >;
  const resolver: Resolver<TValues, unknown, TBody> = async (values, context, options) => {
    const result = await resolveBySchema(values, context, options);
    for (const field of dateFields) {
      const error = get(result.errors, field) as { message?: string } | undefined;
      if (error) error.message = DATE_MESSAGES.invalid;
    }
    return result;
  };
  const form = useForm<TValues, unknown, TBody>({ resolver, defaultValues });
  const feedback = useFormFeedback(form.setError, feedbackOptions);
  const onInvalid = (errors: FieldErrors<TValues>) => {
    feedback.clear();
    const formLevel = (errors as Record<string, { message?: string } | undefined>)[FORM_LEVEL]?.message;
    if (formLevel) feedback.show(formLevel);
  };
  const submit: ContractForm<TValues, TBody>['submit'] = (send, onSaved) =>
    form.handleSubmit(async (body) => {
      const result = await feedback.save(() => send(body));
      if (result) await onSaved?.(result, body);
    }, onInvalid);
  const { errors, isSubmitting } = form.formState;
  return { ...form, feedback, submit, errors, isSubmitting };
}
