/**
 * Forms validate with the same zod schemas the server uses (src/shared/schemas), through react-hook-form: each
 * Arabic message shows next to its field and goes away as soon as the value is fixed. Where a form holds its values
 * in another shape than the request (a checkbox and a local date for an optional expiry), `toPayload` turns them
 * into the request first, and the schema checks that. A 400 from the server is mapped back onto its fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrors } from '../api/client';

export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>, F extends FieldValues = z.input<S>>(
  schema: S,
  defaultValues: DefaultValues<F>,
  toPayload?: (values: F) => unknown,
): UseFormReturn<F, unknown, z.output<S>> {
  const check = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, z.output<S>>;
  const resolver: Resolver<F, unknown, z.output<S>> = (values, context, options) =>
    check((toPayload ? toPayload(values) : values) as FieldValues, context, options as never) as never;
  return useForm<F, unknown, z.output<S>>({ resolver, defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
}

/** Puts the server's field messages on the form's fields; true when at least one field was named. */
export function applyServerErrors<F extends FieldValues>(
  form: Pick<UseFormReturn<F>, 'setError'>,
  err: unknown,
): boolean {
  const errors = Object.entries(fieldErrors(err));
  for (const [field, message] of errors) form.setError(field as Path<F>, { type: 'server', message });
  return errors.length > 0;
}
